/** Markup that is already safe: built by `html`, never from user data directly. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

type Interpolation = string | number | SafeHtml;

/** A template whose interpolations are escaped unless they are SafeHtml, so user data stays text. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += value instanceof SafeHtml ? value.value : escapeHtml(String(value));
    out += strings[index + 1] ?? '';
  });
  return new SafeHtml(out);
}
