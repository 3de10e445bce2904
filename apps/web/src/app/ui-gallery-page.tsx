import { UiGallery } from '../ui/ui-gallery';

export function Component() {
  return <UiGallery />;
}
