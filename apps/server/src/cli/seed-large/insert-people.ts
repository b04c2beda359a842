import type pg from 'pg';
import type { SeedUser } from './people';
import type { RoleName } from './plan';

export type StoredUser = { id: number; username: string; roleName: RoleName; standardRateCents: number };

/** Usernames are global (ADR 0006): the firm is refused when any of its usernames is taken. */
export async function takenUsernames(client: pg.ClientBase, people: SeedUser[]): Promise<string[]> {
  const result = await client.query<{ username: string }>(
    'select username from users where lower(username) = any($1::text[]) order by username',
    [people.map((user) => user.username.toLowerCase())],
  );
  return result.rows.map((row) => row.username);
}

/** Everyone shares one argon2id hash of the bench password: hashing 2,000 times would take minutes. */
export async function insertUsers(
  client: pg.ClientBase,
  organizationId: number,
  people: SeedUser[],
  passwordHash: string,
  createdAt: string,
): Promise<StoredUser[]> {
  const result = await client.query<{ id: number; username: string }>(
    `insert into users (organization_id, username, email, first_name, last_name, role_id, password_hash,
       standard_rate_cents, created_at)
     select $1, p.username, p.email, p.first_name, p.last_name, r.id, $2, p.rate, $3::timestamptz
     from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[])
       with ordinality as p(username, email, first_name, last_name, role_name, rate, position)
     join roles r on r.organization_id = $1 and r.name = p.role_name
     order by p.position
     returning id, username`,
    [
      organizationId,
      passwordHash,
      createdAt,
      people.map((user) => user.username),
      people.map((user) => user.email),
      people.map((user) => user.firstName),
      people.map((user) => user.lastName),
      people.map((user) => user.roleName),
      people.map((user) => user.standardRateCents),
    ],
  );
  const personOf = new Map(people.map((user) => [user.username, user]));
  return result.rows.map((row) => {
    const person = personOf.get(row.username)!;
    return {
      id: row.id,
      username: row.username,
      roleName: person.roleName,
      standardRateCents: person.standardRateCents,
    };
  });
}
