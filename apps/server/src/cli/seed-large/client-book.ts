import type { ClientEntityType, ClientStatus } from '@practice/shared';
import { addDays } from '../../modules/time-entries/calendar';
import {
  AREA_CODES,
  CAUSES,
  CITIES,
  CLIENT_NOTES,
  CLIENT_TAGS,
  FIRST_NAMES,
  LAST_NAMES,
  MIDDLE_INITIALS,
  PLACE_WORDS,
  PROFESSIONS,
  STREETS,
  TRADES,
} from './names';
import type { SeedPlan } from './plan';
import type { Random } from './random';

export type SeedContact = { name: string; email: string | null; phone: string | null; isPrimary: boolean };

export type SeedClient = {
  code: string;
  legalName: string;
  dba: string | null;
  entityType: ClientEntityType;
  /** In clear here; encrypted when written, as the clients service does. */
  taxId: string | null;
  status: ClientStatus;
  partnerId: number;
  managerId: number;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
  paymentTermsDays: number;
  invoiceEmail: string | null;
  notes: string;
  tags: string[];
  createdAt: string;
  /** Engaged for tax work only: the other service lines are disabled for this client. */
  taxOnly: boolean;
  contacts: SeedContact[];
};

export const FIRST_CLIENT_NUMBER = 10_001;

/** What the client book needs of a plan: how many clients, and the days their history spans. */
export type ClientBookPlan = Pick<SeedPlan, 'clients' | 'firstDay' | 'workdays'>;
const TAX_ONLY_SHARE = 0.1;

const ENTITY_WEIGHTS: { weight: number; value: ClientEntityType }[] = [
  { weight: 55, value: 'individual' },
  { weight: 8, value: 'sole_proprietor' },
  { weight: 8, value: 'partnership' },
  { weight: 14, value: 's_corp' },
  { weight: 8, value: 'c_corp' },
  { weight: 4, value: 'trust' },
  { weight: 3, value: 'non_profit' },
];

const STATUS_WEIGHTS: { weight: number; value: ClientStatus }[] = [
  { weight: 85, value: 'active' },
  { weight: 10, value: 'inactive' },
  { weight: 5, value: 'prospect' },
];

const TERMS_WEIGHTS = [
  { weight: 75, value: 30 },
  { weight: 10, value: 15 },
  { weight: 10, value: 0 },
  { weight: 5, value: 45 },
];

const PERSONAL_MAIL_HOSTS = ['mail.example', 'inbox.example', 'post.example'];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

function digits(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += String(random.int(10));
  return text;
}

/** Fictitious numbers: SSN-shaped ones start with 9 (never issued as an SSN), EINs are random. */
function taxIdFor(entityType: ClientEntityType, random: Random): string {
  const personal = entityType === 'individual' || entityType === 'sole_proprietor';
  return personal
    ? `9${digits(random, 2)}-${digits(random, 2)}-${digits(random, 4)}`
    : `${digits(random, 2)}-${digits(random, 7)}`;
}

function phone(random: Random): string {
  return `(${random.pick(AREA_CODES)}) 555-${digits(random, 4)}`;
}

type Person = { first: string; last: string };

function person(random: Random, last = random.pick(LAST_NAMES)): Person {
  return { first: random.pick(FIRST_NAMES), last };
}

function personalContact(who: Person, random: Random, isPrimary: boolean): SeedContact {
  return {
    name: `${who.first} ${who.last}`,
    email: `${slug(who.first)}.${slug(who.last)}${random.int(100)}@${random.pick(PERSONAL_MAIL_HOSTS)}`,
    phone: phone(random),
    isPrimary,
  };
}

function businessName(entityType: ClientEntityType, owner: Person, random: Random): string {
  const stem = random.chance(0.5) ? random.pick(PLACE_WORDS) : owner.last;
  const trade = random.pick(TRADES);
  switch (entityType) {
    case 'partnership':
      return random.chance(0.4)
        ? `${owner.last} & ${random.pick(LAST_NAMES)} ${random.pick(PROFESSIONS)} LLP`
        : `${stem} ${trade} ${random.pick(['LLC', 'Partners LP'])}`;
    case 's_corp':
      return `${stem} ${trade}, Inc.`;
    case 'c_corp':
      return `${stem} ${trade} ${random.pick(['Corporation', 'Holdings, Inc.', 'Co.'])}`;
    case 'non_profit':
      return `${random.pick(PLACE_WORDS)} ${random.pick(CAUSES)}`;
    case 'trust':
      return random.pick([
        `The ${owner.last} Family Trust`,
        `${owner.first} ${owner.last} Revocable Trust`,
        `Estate of ${owner.first} ${owner.last}`,
      ]);
    default:
      return `${stem} ${trade}`;
  }
}

function namesFor(entityType: ClientEntityType, owner: Person, random: Random) {
  if (entityType === 'individual') {
    const legalName = random.chance(0.2)
      ? `${owner.first} and ${random.pick(FIRST_NAMES)} ${owner.last}`
      : `${owner.first} ${random.pick([...MIDDLE_INITIALS])}. ${owner.last}`;
    return { legalName, dba: null };
  }
  if (entityType === 'sole_proprietor') {
    return { legalName: `${owner.first} ${owner.last}`, dba: businessName('sole_proprietor', owner, random) };
  }
  const legalName = businessName(entityType, owner, random);
  const dba =
    entityType !== 'trust' && random.chance(0.15) ? `${random.pick(PLACE_WORDS)} ${random.pick(TRADES)}` : null;
  return { legalName, dba };
}

function contactsFor(entityType: ClientEntityType, owner: Person, legalName: string, random: Random): SeedContact[] {
  if (entityType === 'individual' || entityType === 'sole_proprietor' || entityType === 'trust') {
    const contacts = [personalContact(owner, random, true)];
    if (random.chance(0.3)) contacts.push(personalContact(person(random, owner.last), random, false));
    return contacts;
  }
  const domain = `${slug(legalName).slice(0, 24)}.example`;
  const people = [owner, ...Array.from({ length: random.int(3) }, () => person(random))];
  return people.map((who, index) => ({
    name: `${who.first} ${who.last}`,
    email: `${slug(who.first)[0]}${slug(who.last)}@${domain}`,
    phone: random.chance(0.9) ? phone(random) : null,
    isPrimary: index === 0,
  }));
}

/** When the firm took the client on: most before the history starts, some during it. */
function createdAtFor(plan: ClientBookPlan, random: Random): string {
  const offset = random.chance(0.85) ? -random.int(3650) : random.int(plan.workdays.length);
  const day = offset <= 0 ? addDays(plan.firstDay, offset) : plan.workdays[offset]!;
  return `${day}T${String(9 + random.int(8)).padStart(2, '0')}:${String(random.int(60)).padStart(2, '0')}:00Z`;
}

/**
 * The firm's client book: entity mix, names, contacts, addresses and responsibilities as a
 * practice of this size has them. `partnerIds` and `managerIds` are the firm's user ids.
 */
export function buildClients(
  plan: ClientBookPlan,
  random: Random,
  partnerIds: number[],
  managerIds: number[],
): SeedClient[] {
  return Array.from({ length: plan.clients }, (_, index) => {
    const entityType = random.weighted(ENTITY_WEIGHTS);
    const owner = person(random);
    const { legalName, dba } = namesFor(entityType, owner, random);
    const contacts = contactsFor(entityType, owner, legalName, random);
    const [city, region, zipPrefix] = random.pick(CITIES);
    const taxOnly = random.chance(TAX_ONLY_SHARE);
    const tags = random.sample(
      CLIENT_TAGS.filter((tag) => tag !== 'tax-only'),
      random.weighted([
        { weight: 5, value: 0 },
        { weight: 3, value: 1 },
        { weight: 1, value: 2 },
      ]),
    );
    return {
      code: `C-${FIRST_CLIENT_NUMBER + index}`,
      legalName,
      dba,
      entityType,
      taxId: random.chance(0.92) ? taxIdFor(entityType, random) : null,
      status: random.weighted(STATUS_WEIGHTS),
      partnerId: random.pick(partnerIds),
      managerId: random.pick(managerIds),
      addressLine1: `${1 + random.int(9899)} ${random.pick(STREETS)}`,
      addressLine2: random.chance(0.15) ? `Suite ${100 + random.int(900)}` : '',
      city,
      region,
      postalCode: `${zipPrefix}${digits(random, 2)}`,
      paymentTermsDays: random.weighted(TERMS_WEIGHTS),
      invoiceEmail: contacts[0]?.email ?? null,
      notes: random.chance(0.1) ? random.pick(CLIENT_NOTES) : '',
      tags: taxOnly ? ['tax-only', ...tags] : tags,
      createdAt: createdAtFor(plan, random),
      taxOnly,
      contacts,
    };
  });
}
