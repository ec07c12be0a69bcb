/**
 * One mail body, written once as blocks and sent as plain text and as simple HTML (one column, system fonts, no
 * images, no remote content), so a person reads the same message whichever part their mail app shows. In the text,
 * a link and a code each stand alone on their line, where mail apps make links clickable and people copy codes.
 */
export type MailBlock =
  /** A paragraph. */
  | string
  /** A link: a button in HTML (with the address under it), the bare address in the text. */
  | { link: string; label: string }
  /** A code to type or copy. */
  | { code: string }
  /** Short steps or options, one a line. */
  | { list: string[] };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function textOf(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('link' in block) return block.link;
  if ('code' in block) return block.code;
  return block.list.map((item) => `- ${item}`).join('\n');
}

function htmlOf(block: MailBlock): string {
  if (typeof block === 'string') return `<p>${escape(block)}</p>`;
  if ('link' in block) {
    const href = escape(block.link);
    return (
      `<p><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1f6f43;color:#ffffff;font-weight:bold;text-decoration:none">${escape(block.label)}</a></p>` +
      `<p style="font-size:13px;color:#555555;word-break:break-all"><a href="${href}" style="color:#555555">${href}</a></p>`
    );
  }
  if ('code' in block) return `<p><code style="font-size:16px;padding:4px 6px;background:#f1f1f1;border-radius:4px;word-break:break-all">${escape(block.code)}</code></p>`;
  return `<ul>${block.list.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`;
}

/**
 * @example composeMail(['Hi Al,', { link: 'https://golf.example/portal#token=…', label: 'Open the app' }])
 * // { text: 'Hi Al,\n\nhttps://golf.example/portal#token=…', html: '<!doctype html>…' }
 */
export function composeMail(blocks: MailBlock[]): { text: string; html: string } {
  return {
    text: blocks.map(textOf).join('\n\n'),
    html:
      '<!doctype html><html><body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">' +
      `<div style="max-width:560px">${blocks.map(htmlOf).join('')}</div></body></html>`,
  };
}

/** An instant as people read it in a mail: `2027-04-20 14:03 UTC`. */
export function mailTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
