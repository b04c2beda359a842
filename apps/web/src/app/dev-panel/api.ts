import { z } from 'zod/mini';
import { api } from '../../lib/api';
import { parseAnswer } from '../../lib/api-answer';

const devOrganizationSchema = z.object({
  organization_id: z.number(),
  name: z.string(),
  subdomain: z.string(),
  status: z.string(),
});
export type DevOrganization = z.infer<typeof devOrganizationSchema>;

const organizationsSchema = z.object({ organizations: z.array(devOrganizationSchema) });

/** GET /api/dev/organizations (SPEC 7, development servers only). */
export async function fetchDevOrganizations(): Promise<DevOrganization[]> {
  return parseAnswer(organizationsSchema, await api.get('/api/dev/organizations')).organizations;
}

export type LogoutType = 'access_only' | 'refresh_only';

/** POST /logout {logout_type} (SPEC 7): ends one of the session's two tokens, to see what the app does then. */
export async function expireToken(logoutType: LogoutType): Promise<void> {
  await api.post('/logout', { logout_type: logoutType });
}
