import { UiGallery } from '../ui/ui-gallery';

export function UiGalleryPage() {
  return <UiGallery />;
}
