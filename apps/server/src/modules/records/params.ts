import { z } from 'zod';
import { recordIdText } from '@practice/shared';
import { NOT_FOUND } from '../../lib/errors';

/** `:id` of a path; an id that is not a positive whole number within ID_MAX is simply not found. */
export const idParams = z.object({ id: recordIdText(NOT_FOUND) });
