// A QR code drawn by the panel itself (no image service sees the secret): the `qr` package
// encodes the text into modules, and this draws them as one SVG path, dark on a light square
// with the four-module quiet zone readers need, whatever the theme.
import { useMemo } from 'react';
import encodeQR from 'qr';

/** The light margin readers need around the code, in modules (the encoder draws it). */
const QUIET = 4;

export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { n, d } = useMemo(() => {
    const rows = encodeQR(text, 'raw', { ecc: 'medium', border: QUIET });
    let path = '';
    rows.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) path += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { n: rows.length, d: path };
  }, [text]);
  return (
    <svg className="qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${n} ${n}`} shapeRendering="crispEdges">
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
