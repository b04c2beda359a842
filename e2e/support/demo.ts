/** The demo sign-ins the server seeds (a contract of issue 2). */
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_USERS = {
  admin: { firstName: 'Alice', fullName: 'Alice Admin', email: 'admin@demo-cpa.example', role: 'Administrator' },
  partner: { firstName: 'Paul', fullName: 'Paul Partner', email: 'partner@demo-cpa.example', role: 'Partner' },
  manager: { firstName: 'Maria', fullName: 'Maria Manager', email: 'manager@demo-cpa.example', role: 'Manager' },
  staff: { firstName: 'Sam', fullName: 'Sam Staff', email: 'staff@demo-cpa.example', role: 'Staff' },
  billing: { firstName: 'Bella', fullName: 'Bella Billing', email: 'billing@demo-cpa.example', role: 'Billing' },
  readonly: { firstName: 'Rita', fullName: 'Rita Reader', email: 'readonly@demo-cpa.example', role: 'Read-only' },
  nwadmin: { firstName: 'Nora', fullName: 'Nora West', email: 'nwadmin@northwind.example', role: 'Administrator' },
  nwstaff: { firstName: 'Ned', fullName: 'Ned Wind', email: 'nwstaff@northwind.example', role: 'Staff' },
} as const;

export type DemoUsername = keyof typeof DEMO_USERS;

export function apiUrl(path: string): string {
  const base = process.env.E2E_API_URL;
  if (!base) throw new Error('E2E_API_URL is not set: run the end-to-end tests with npm run test:e2e');
  return `${base}${path}`;
}
