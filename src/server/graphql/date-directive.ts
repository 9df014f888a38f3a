import {
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import type { Plugin } from 'graphql-yoga';
import type { Locale } from '@/env';
import { DATE_FORMATS, formatDateAs, isDateFormatName, type DateFormatName } from '@/domain/language/format';
import { requireLocale } from './context';

/**
 * docs/product.md §7: date fields take a locale-dependent format directive. A client writes
 * `lastPrice { date @date(format: LONG) }` and gets "20 novembre 2026" under a `locale: "fr"` field.
 * The format is one of a closed enum (DATE_FORMATS: fixed Intl options), never a pattern of the
 * client's, so formatting one value costs the same whatever the query; the fields keep their raw
 * ISO value without the directive, and the formatted fields (dateTo, formattedDate…) stay as they are.
 */
export const dateTypeDefs = /* GraphQL */ `
  "How @date writes a date, in the language of the query: ISO 2026-11-20, SHORT 20/11/2026, MEDIUM 20 nov. 2026, LONG 20 novembre 2026, FULL vendredi 20 novembre 2026, MONTH_YEAR novembre 2026, YEAR 2026."
  enum DateFormat {
    ${DATE_FORMATS.join('\n    ')}
  }
  "Formats a date field (DATE_FIELDS) for the locale argument of the nearest field above it that has one."
  directive @date(format: DateFormat!) on FIELD
`;

/** The fields that hold an ISO date (YYYY-MM-DD), "Type.field": the only ones @date may be put on. */
export const DATE_FIELDS: ReadonlySet<string> = new Set([
  'Aum.date',
  'Share.inceptionDate',
  'Price.date',
  'FetchedData.date',
  'Growth.from',
  'SeriesPoint.date',
  'Document.publishedAt',
  'Portfolio.date',
  'NewsItem.publishedAt',
  'TargetMarket.date',
  'ShareCosts.exAnteDate',
  'ExPostCosts.from',
  'ExPostCosts.to',
]);

/** Validation (cached with the document): @date on any other field is refused before execution. */
export function dateDirectiveRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const directive = node.directives?.find((d) => d.name.value === 'date');
      if (!directive) return;
      const coordinate = `${context.getParentType()?.name ?? '?'}.${node.name.value}`;
      if (!DATE_FIELDS.has(coordinate)) {
        context.reportError(createGraphQLError(`@date applies to date fields only (${[...DATE_FIELDS].join(', ')}), not to ${coordinate}.`, { nodes: [directive] }));
      }
    },
  };
}

/** An envelop plugin adding dateDirectiveRule to validation. */
export function dateDirectivePlugin(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(dateDirectiveRule);
    },
  };
}

function requestedFormat(info: GraphQLResolveInfo): DateFormatName | null {
  for (const node of info.fieldNodes) {
    const argument = node.directives?.find((d) => d.name.value === 'date')?.arguments?.find((a) => a.name.value === 'format');
    if (!argument) continue;
    const value = argument.value.kind === Kind.VARIABLE ? info.variableValues[argument.value.name.value] : argument.value.kind === Kind.ENUM ? argument.value.value : null;
    // Validation and variable coercion have checked it against the enum already.
    if (isDateFormatName(value)) return value;
  }
  return null;
}

/** Every field with this response key in these selection sets, through fragments. */
function fieldsAt(sets: SelectionSetNode[], key: string, fragments: Record<string, FragmentDefinitionNode>): FieldNode[] {
  const found: FieldNode[] = [];
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if ((selection.alias?.value ?? selection.name.value) === key) found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        const fragment = fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet); // cycles are refused by validation
      }
    }
  };
  for (const set of sets) visit(set);
  return found;
}

/** Per execution (its variables object), the locale of each path already asked: one walk per field of the document. */
const localesByExecution = new WeakMap<object, Map<string, Locale>>();

/**
 * The query's locale for this field: the `locale` argument of the nearest field above it that has
 * one (every root field does; FundCategory.funds and Fund.shares may change it), as its resolvers use.
 */
function localeAt(info: GraphQLResolveInfo): Locale {
  const keys: string[] = [];
  for (let path: GraphQLResolveInfo['path'] | undefined = info.path.prev; path; path = path.prev) {
    if (typeof path.key === 'string') keys.unshift(path.key);
  }
  let cache = localesByExecution.get(info.variableValues);
  if (!cache) {
    cache = new Map();
    localesByExecution.set(info.variableValues, cache);
  }
  const id = keys.join('.');
  const known = cache.get(id);
  if (known) return known;
  let locale: unknown;
  let sets: SelectionSetNode[] = [info.operation.selectionSet];
  for (const key of keys) {
    const nodes = fieldsAt(sets, key, info.fragments);
    for (const node of nodes) {
      const argument = node.arguments?.find((a) => a.name.value === 'locale');
      if (!argument) continue;
      const value = argument.value.kind === Kind.VARIABLE ? info.variableValues[argument.value.name.value] : argument.value.kind === Kind.STRING ? argument.value.value : null;
      if (value !== null && value !== undefined) locale = value;
      break;
    }
    sets = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  }
  const resolved = requireLocale(locale);
  cache.set(id, resolved);
  return resolved;
}

type Resolver = (parent: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) => unknown;
type ResolverMap = Record<string, Record<string, unknown>>;

/** The resolvers, plus one on each date field that formats its value when the query asks with @date. */
export function withDateFormats<T extends ResolverMap>(resolvers: T): T {
  const out: ResolverMap = { ...resolvers };
  for (const coordinate of DATE_FIELDS) {
    const [type = '', field = ''] = coordinate.split('.');
    const inner = resolvers[type]?.[field] as Resolver | undefined;
    out[type] = {
      ...out[type],
      [field]: (parent: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) => {
        const value = inner ? inner(parent, args, context, info) : (parent as Record<string, unknown>)[field];
        const format = requestedFormat(info);
        if (!format) return value;
        const format1 = (v: unknown) => (typeof v === 'string' ? formatDateAs(v, format, localeAt(info)) : v);
        return value instanceof Promise ? value.then(format1) : format1(value);
      },
    };
  }
  return out as T;
}
