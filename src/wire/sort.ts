/** Sort keys of spec 2.6 and their wire values in both interface generations. */
export const SORT_KEYS = [
  'record_id',
  'mass_defect',
  'molecular_weight',
  'reference_count',
  'datasource_count',
  'article_count',
  'org_count',
  'dbid',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const ORDER_BY_VALUES = [
  'recordId',
  'massDefect',
  'molecularWeight',
  'referenceCount',
  'dataSourceCount',
  'articleCount',
  'orgCount',
] as const;
export type OrderBy = (typeof ORDER_BY_VALUES)[number];

export const ORDER_BY_OF_SORT_KEY: Readonly<Record<SortKey, OrderBy>> = {
  record_id: 'recordId',
  dbid: 'recordId',
  mass_defect: 'massDefect',
  molecular_weight: 'molecularWeight',
  reference_count: 'referenceCount',
  datasource_count: 'dataSourceCount',
  article_count: 'articleCount',
  org_count: 'orgCount',
};

export const DIRECTIONS = ['ascending', 'descending'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Older interface (contract 2.2): `orderBy` and `orderDirection` enumeration names. */
export const LEGACY_ORDER_BY_OF_ORDER_BY: Readonly<Record<OrderBy, string>> = {
  recordId: 'eCSID',
  massDefect: 'eMassDefect',
  molecularWeight: 'eMolecularWeight',
  referenceCount: 'eReferenceCount',
  dataSourceCount: 'eDataSourceCount',
  articleCount: 'eArticleCount',
  orgCount: 'eOrgCount',
};
export const LEGACY_DIRECTION_OF_DIRECTION: Readonly<Record<Direction, string>> = {
  ascending: 'eAscending',
  descending: 'eDescending',
};

export function isSortKey(value: string): value is SortKey {
  return (SORT_KEYS as readonly string[]).includes(value);
}
export function isOrderBy(value: string): value is OrderBy {
  return (ORDER_BY_VALUES as readonly string[]).includes(value);
}
export function isDirection(value: string): value is Direction {
  return (DIRECTIONS as readonly string[]).includes(value);
}

/** Reads an older-interface `orderBy` value (case-insensitive) back to the wire `OrderBy`. */
export function orderByFromLegacy(value: string): OrderBy | undefined {
  const lower = value.toLowerCase();
  return ORDER_BY_VALUES.find((o) => LEGACY_ORDER_BY_OF_ORDER_BY[o].toLowerCase() === lower);
}
export function directionFromLegacy(value: string): Direction | undefined {
  const lower = value.toLowerCase();
  return DIRECTIONS.find((d) => LEGACY_DIRECTION_OF_DIRECTION[d].toLowerCase() === lower);
}
