/** The city line of a US postal address as the firm's own header writes it: "Springfield, IL 62701". */
export function cityLineOf(city: string | null, region: string | null, postalCode: string | null): string {
  return [city, [region, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
