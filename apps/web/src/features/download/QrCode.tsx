/**
 * A QR code drawn in the browser (the `qrcode` library, no network): the text becomes a PNG data
 * URL, which the console's Content-Security-Policy allows for images.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrCode({ text, size = 168, label }: { text: string; size?: number; label: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (current) setImage(url);
      })
      .catch(() => {
        if (current) setImage(null);
      });
    return () => {
      current = false;
    };
  }, [text, size]);
  return image ? (
    <img src={image} width={size} height={size} alt={label} data-qr-text={text} data-testid="download-qr" />
  ) : (
    <div style={{ width: size, height: size }} />
  );
}
