import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';

/**
 * The apply link as a QR code (issue 14), for a poster in the shop window or a flyer. Drawn in the
 * browser as SVG; the employer console's chunk carries the encoder, no candidate page does.
 */
export function ApplyQrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void qrSvg(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => {
      if (!cancelled) setSvg(markup);
    });
    return () => {
      cancelled = true;
    };
  }, [url]);
  if (!svg) return null;
  const source = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <figure className="employer-qr">
      <img src={source} width="144" height="144" alt="QR code of the apply link" />
      <figcaption>
        <a href={source} download="apply-link-qr-code.svg">
          Download the QR code
        </a>
      </figcaption>
    </figure>
  );
}
