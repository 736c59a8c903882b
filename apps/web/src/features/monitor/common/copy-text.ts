/**
 * Copies text to the clipboard. The Clipboard API exists only in secure contexts, like WebCrypto;
 * on plain HTTP the text is copied through a selected, off-screen text area instead.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: fall through to the text area.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the fallback where the Clipboard API is absent
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
