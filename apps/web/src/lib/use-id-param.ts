import { useParams } from 'react-router';

/** A route's numeric id parameter; 0 when it is not a positive whole number, which the API answers 404 for. */
export function useIdParam(name = 'id'): number {
  const value = Number(useParams()[name]);
  return Number.isInteger(value) && value > 0 ? value : 0;
}
