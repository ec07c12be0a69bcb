/** A portal link as a QR code (the qrcode package, as SVG), and copying a link. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'preact/hooks';

/** The QR code of `link`, drawn as SVG; `label` names it for a screen reader. */
export function LinkQr({ link, label, size }: { link: string; label: string; size?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [link]);
  return <div class="qr" role="img" aria-label={label} style={size ? { width: size, height: size } : undefined} dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />;
}

/** Copies text: the clipboard API where the page may use it, else the selected text of a field. */
export async function copyText(text: string, fallbackField?: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackField) return false;
    fallbackField.select();
    return document.execCommand('copy');
  }
}

/** A link in a read-only field with a Copy button and what happened. */
export function CopyLink({ link, id, label }: { link: string; id: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div class="copy-link">
      <label for={id} class="visually-hidden">
        {label}
      </label>
      <input id={id} class="link-field" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" class="secondary" onClick={() => void copyText(link, document.getElementById(id) as HTMLInputElement | null).then(setCopied)}>
        Copy link
      </button>
      <span role="status" class="small">
        {copied === true ? 'Copied.' : copied === false ? 'Could not copy: select the link and copy it by hand.' : ''}
      </span>
    </div>
  );
}
