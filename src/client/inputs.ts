/** Client-side input checks: the shared validators of src/wire, raised as InputError before any request. */
import {
  DIRECTIONS,
  LEGACY_DIRECTION_OF_DIRECTION,
  LEGACY_ORDER_BY_OF_ORDER_BY,
  ORDER_BY_OF_SORT_KEY,
  SORT_KEYS,
  checkRecordId,
  checkRecordIds,
  describeFieldErrors,
  isDirection,
  isSortKey,
  type Direction,
  type FieldError,
  type OrderBy,
  type SortKey,
} from '../wire';
import { InputError } from './errors';

export function assertValid(errors: FieldError[]): void {
  if (errors.length) throw new InputError(describeFieldErrors(errors), errors);
}

/** `order` (spec 2.6 keys) and `direction` as the caller gives them. */
export interface OrderInput {
  order?: SortKey;
  direction?: Direction;
}

function checkOrderInput(input: OrderInput): void {
  const errors: FieldError[] = [];
  if (input.order !== undefined && !isSortKey(input.order)) {
    errors.push({ field: 'order', message: `order ${JSON.stringify(input.order)} is not a sort key; use one of ${SORT_KEYS.join(', ')}` });
  }
  if (input.direction !== undefined && !isDirection(input.direction)) {
    errors.push({ field: 'direction', message: `direction ${JSON.stringify(input.direction)} must be one of ${DIRECTIONS.join(', ')}` });
  }
  assertValid(errors);
}

/** The current interface's `orderBy` / `orderDirection`; keys left out when not given. */
export function wireOrder(input: OrderInput): { orderBy?: OrderBy; orderDirection?: Direction } {
  checkOrderInput(input);
  return {
    ...(input.order !== undefined ? { orderBy: ORDER_BY_OF_SORT_KEY[input.order] } : {}),
    ...(input.direction !== undefined ? { orderDirection: input.direction } : {}),
  };
}

/** The older interface's `orderBy` / `orderDirection` enumeration names (`eCSID`, `eAscending`, ...). */
export function legacyOrder(order: SortKey, direction: Direction): { orderBy: string; orderDirection: string } {
  checkOrderInput({ order, direction });
  return {
    orderBy: LEGACY_ORDER_BY_OF_ORDER_BY[ORDER_BY_OF_SORT_KEY[order]],
    orderDirection: LEGACY_DIRECTION_OF_DIRECTION[direction],
  };
}

export function recordIdOf(value: number | string, field = 'recordId'): number {
  assertValid(checkRecordId(field, value));
  return Number(value);
}

export function recordIdsOf(values: ReadonlyArray<number | string>, field = 'recordIds'): number[] {
  assertValid(checkRecordIds(field, values));
  return values.map(Number);
}

export function queryIdOf(value: string, field = 'queryId'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    assertValid([{ field, message: `${field} must be a non-empty query ID` }]);
  }
  return value;
}

export function wholeNumberOf(field: string, value: number | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < min) {
    assertValid([{ field, message: `${field} ${value} must be a whole number of at least ${min}` }]);
  }
  return value;
}

/** Splits a list into runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
