/**
 * Writes text to the clipboard, with the textarea fallback where the Clipboard API is missing or
 * refused (plain http, older browsers). Lives in lib so the PIX panel can copy without pulling the
 * results feature (and its result view) into the /planos bundle.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand?.('copy') ?? false;
    area.remove();
    if (!copied) throw new Error('clipboard unavailable');
  }
}
