/** Stroke icons drawn on a 24-unit grid; each entry is the path data of one icon. */
const ICONS = {
  dashboard: 'M3 3h7v9H3z M14 3h7v5h-7z M14 12h7v9h-7z M3 16h7v5H3z',
  clock: 'M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z M12 7v5l3 3',
  team: 'M3 4h18v16H3z M3 10h18 M9 4v16',
  clients:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2 M13 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0z M22 21v-2a4 4 0 0 0-3-3.87 M16 3.13a4 4 0 0 1 0 7.75',
  billing: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z M14 2v6h6 M16 13H8 M16 17H8 M10 9H8',
  invoices: 'M5 2h14v20l-3.5-2-3.5 2-3.5-2L5 22z M9 7h6 M9 11h6 M9 15h4',
  ledger: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20 M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z',
  reports: 'M18 20V10 M12 20V4 M6 20v-6',
  admin: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z',
  support: 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0z M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3 M12 17h.01',
  guide: 'M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2z M22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z',
  settings: 'M4 21v-7 M4 10V3 M12 21v-9 M12 8V3 M20 21v-5 M20 12V3 M1 14h6 M9 8h6 M17 16h6',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4 M16 17l5-5-5-5 M21 12H9',
  menu: 'M3 12h18 M3 6h18 M3 18h18',
  close: 'M18 6 6 18 M6 6l12 12',
  accessibility: 'M12 6a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M4 8l8 2 8-2 M12 10v5 M8 22l4-7 4 7',
  search: 'M21 21l-4.35-4.35 M19 11a8 8 0 1 1-16 0 8 8 0 0 1 16 0z',
  collapse: 'M11 17l-5-5 5-5 M18 17l-5-5 5-5',
  expand: 'M13 17l5-5-5-5 M6 17l5-5-5-5',
  portal: 'M5 11h14v10H5z M8 11V7a4 4 0 0 1 8 0v4',
} as const;

export type IconName = keyof typeof ICONS;

/** Decorative: the text beside it (or the control's aria-label) carries the meaning. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
