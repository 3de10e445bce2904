import { encode } from 'uqr';

/**
 * A QR code as SVG, one path of dark modules: crisp at any size, and an image with a name for screen readers.
 * Error correction M and a quiet zone of four modules, as SK's device-link guidance asks (docs/eid-facts.md
 * section 1.10).
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((isDark, x) => {
      if (isDark) path += `M${String(x)} ${String(y)}h1v1h-1z`;
    }),
  );
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${String(size)} ${String(size)}`} shapeRendering="crispEdges" className={className}>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
