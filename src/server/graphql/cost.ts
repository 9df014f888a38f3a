import 'server-only';
import {
  getOperationAST,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { MAX_ILLUSTRATION_YEARS } from '@/domain/distribution/cost-illustration';
import { NEWS_MAX_PAGE } from '@/server/news/queries';
import { LIQUIDITY_TOOLS } from '@/domain/events/model';
import { NOTICES_PAGE_SIZE } from '@/domain/events/notices';
import { GROWTH_MIN_POINTS, seriesPoints } from './limits';

/**
 * The cost of a query: every field costs 1, and a list field multiplies the cost of what is
 * selected under it by the most items it can return. Aliases are separate fields, so each costs
 * in full; fragments count wherever they are spread; a resolver that reads much more than it
 * returns adds its work (RESOLVER_WORK). The figure is an upper bound of the values the answer can
 * hold plus the rows read to build it, computed before anything runs (docs/api.md "Every endpoint").
 */

/** The catalog's real sizes (all funds and shares, active or not), read from the loaded catalog. */
export type CatalogBounds = {
  categories: number;
  /** The most funds in one category. */
  fundsPerCategory: number;
  funds: number;
  /** The most share classes of one fund. */
  sharesPerFund: number;
  /** Document types: a fund or a share lists at most one document of each. */
  documentTypes: number;
  /** The most eligibilities of one fund. */
  eligibilitiesPerFund: number;
};

/**
 * Sizes assumed for the lists that are not the fund catalog: editorial content and reference
 * data, small by nature. They are cost assumptions, not truncations; tests/integration/graphql-limits
 * checks that the seeded site stays within them.
 */
export const CONTENT_BOUNDS = {
  pages: 24,
  componentsPerPage: 12,
  textsPerComponent: 20,
  companyInfos: 20,
  keyFigures: 10,
  countries: 30,
  languagesPerCountry: 3,
  investorProfiles: 3,
  newsCategories: 20,
  documentsPerNewsItem: 10,
  fetchedData: 20,
  calendarYears: 50,
  characteristics: 40,
  fundTags: 20,
  esgLabels: 10,
  sfdrSections: 20,
  partners: 10,
  holdings: 100,
  allocations: 100,
  /** A target market says at most one thing per answer: 3 investor types, 3 knowledge levels, 4 loss, 4 objectives, 1 sustainability, 4 services. */
  targetMarketStatements: 19,
} as const;

type Args = Record<string, unknown>;
/** args: the field's arguments; parentArgs: those of the field it is selected under (growth → share). */
type ListSize = (args: Args, bounds: CatalogBounds, parentArgs: Args) => number;

/** A filter by codes returns at most as many items as codes given (all of them when none is given). */
const byCodes =
  (argument: string, bound: number): ListSize =>
  (args) => {
    const codes = args[argument];
    return Array.isArray(codes) && codes.length > 0 ? Math.min(new Set(codes).size, bound) : bound;
  };
const fixed =
  (bound: number): ListSize =>
  () =>
    bound;
const newsLimit = (args: Args) => Math.min(NEWS_MAX_PAGE, Math.max(0, typeof args.limit === 'number' ? args.limit : NEWS_MAX_PAGE));
const documents: ListSize = (args, b, parent) => byCodes('types', b.documentTypes)(args, b, parent);

/** The most items of every list field of the schema ("Type.field"). A list missing here fails the unit test. */
export const LIST_SIZES: Record<string, ListSize> = {
  'Query.pages': byCodes('codes', CONTENT_BOUNDS.pages),
  'Query.countries': fixed(CONTENT_BOUNDS.countries),
  'Query.investorProfiles': fixed(CONTENT_BOUNDS.investorProfiles),
  'Query.fundCategories': (_, b) => b.categories,
  'Query.funds': (_, b) => b.funds,
  'Query.documentTypes': (_, b) => b.documentTypes,
  'Query.newsCategories': fixed(CONTENT_BOUNDS.newsCategories),
  'Page.components': fixed(CONTENT_BOUNDS.componentsPerPage),
  'Component.texts': fixed(CONTENT_BOUNDS.textsPerComponent),
  'Company.infos': byCodes('codes', CONTENT_BOUNDS.companyInfos),
  'Company.keyFigures': fixed(CONTENT_BOUNDS.keyFigures),
  'Country.languages': fixed(CONTENT_BOUNDS.languagesPerCountry),
  'FundCategory.funds': (_, b) => b.fundsPerCategory,
  'Fund.shares': (_, b) => b.sharesPerFund,
  'Fund.documents': documents,
  'Fund.eligibilities': (_, b) => b.eligibilitiesPerFund,
  'Fund.tags': fixed(CONTENT_BOUNDS.fundTags),
  'Fund.currencies': (_, b) => b.sharesPerFund,
  'Fund.characteristics': fixed(CONTENT_BOUNDS.characteristics),
  'Fund.esgLabels': fixed(CONTENT_BOUNDS.esgLabels),
  'Fund.sfdrDisclosure': fixed(CONTENT_BOUNDS.sfdrSections),
  'Fund.partners': fixed(CONTENT_BOUNDS.partners),
  'Fund.news': newsLimit,
  'Share.fetchedData': byCodes('codes', CONTENT_BOUNDS.fetchedData),
  'Share.calendarYears': fixed(CONTENT_BOUNDS.calendarYears),
  'Share.documents': documents,
  'Share.characteristics': fixed(CONTENT_BOUNDS.characteristics),
  'Share.navHistory': (args) => seriesPoints(args.maxPoints),
  'Share.registrations': fixed(CONTENT_BOUNDS.countries),
  'Registration.investorProfiles': fixed(CONTENT_BOUNDS.investorProfiles),
  'TargetMarket.statements': fixed(CONTENT_BOUNDS.targetMarketStatements),
  'CostIllustration.years': fixed(MAX_ILLUSTRATION_YEARS),
  // A growth's two series have as many points as its growth(maxPoints) asked for.
  'Growth.share': (_, __, parent) => seriesPoints(parent.maxPoints, GROWTH_MIN_POINTS),
  'Growth.benchmark': (_, __, parent) => seriesPoints(parent.maxPoints, GROWTH_MIN_POINTS),
  'Portfolio.holdings': fixed(CONTENT_BOUNDS.holdings),
  'Portfolio.allocations': fixed(CONTENT_BOUNDS.allocations),
  'NewsPage.items': (_, __, parent) => newsLimit(parent),
  'NewsItem.documents': fixed(CONTENT_BOUNDS.documentsPerNewsItem),
  // A suspension and one activation per tool at most are in force at once, in practice.
  'Fund.restrictions': fixed(LIQUIDITY_TOOLS.length + 1),
  'Restriction.shares': (_, b) => b.sharesPerFund,
  'Fund.notices': (args) => Math.min(NOTICES_PAGE_SIZE, Math.max(0, typeof args.limit === 'number' ? args.limit : NOTICES_PAGE_SIZE)),
  'Notice.shares': (_, b) => b.sharesPerFund,
  'Notice.documents': fixed(1),
};

/** Arguments refused before execution wherever they appear, as their resolver would refuse them. */
const ARGUMENT_CHECKS: Record<string, (args: Args) => void> = {
  'Share.navHistory': (args) => seriesPoints(args.maxPoints),
  'Share.growth': (args) => seriesPoints(args.maxPoints, GROWTH_MIN_POINTS),
};

/**
 * Work a resolver does once per call beyond the values it returns, in the same unit (about one row
 * read): navHistory reads a share's whole history (up to ~4,000 rows for 16 years) before thinning
 * it to maxPoints; growth reads the share's and its benchmark's; a portfolio and a fund's news are
 * a query each. Measured: a navHistory call takes ~20 ms on PGlite, so the default limit admits
 * about 35 of them, under the execution deadline.
 */
export const RESOLVER_WORK: Record<string, number> = {
  'Share.navHistory': 2_000,
  'Share.growth': 4_000,
  'Fund.portfolio': 200,
  'Fund.news': 100,
  'Fund.restrictions': 100,
  'Fund.notices': 100,
  'Query.news': 100,
  'Query.newsItem': 20,
};

/**
 * Lists the table above does not know (a field added later) count as this many items; lists of the
 * introspection types (__Schema.types, __Type.fields…) as the schema's number of types.
 */
export const UNKNOWN_LIST_SIZE = 100;

type Walk = {
  schema: GraphQLSchema;
  bounds: CatalogBounds;
  variables: Args;
  fragments: Map<string, FragmentDefinitionNode>;
  fragmentCosts: Map<string, number>;
  inProgress: Set<string>;
};

/*
 * The walk reads types structurally (ofType, getFields) rather than with graphql-js's instanceof
 * predicates: the schema may come from another copy of graphql (yoga's CommonJS build next to
 * this module's ES build, as under vitest), which those predicates refuse.
 */
type TypeRef = { name?: string; ofType?: TypeRef; getFields?: () => Record<string, FieldDef> };
type FieldDef = { type: TypeRef; args: readonly { name: string; defaultValue?: unknown }[] };

const namedTypeOf = (type: TypeRef): TypeRef => (type.ofType ? namedTypeOf(type.ofType) : type);
/** [T], [T]!, [T!]!: a list, once the outer non-null is removed. */
const isList = (type: TypeRef): boolean => /^\[/.test(String(type));

type Introspectable = TypeRef & {
  getValues?: () => readonly unknown[];
  getInterfaces?: () => readonly unknown[];
  getTypes?: () => readonly unknown[];
};
const introspectionSizes = new WeakMap<GraphQLSchema, Record<string, number>>();

/**
 * Lists of the introspection types, sized by the schema itself: __Type.fields is the most fields
 * of a type, __Field.args the most arguments of a field… so that nesting types in fields in types
 * costs what it would return.
 */
function introspectionSize(schema: GraphQLSchema, coordinate: string): number {
  let sizes = introspectionSizes.get(schema);
  if (!sizes) {
    const types = Object.values(schema.getTypeMap()) as unknown as Introspectable[];
    const most = (counts: number[]) => Math.max(1, ...counts);
    const fields = types.flatMap((t) => Object.values(t.getFields?.() ?? {}));
    const directives = schema.getDirectives();
    const args = most([...fields, ...directives].map((f) => (f as { args?: readonly unknown[] }).args?.length ?? 0));
    sizes = {
      '__Schema.types': types.length,
      '__Schema.directives': directives.length,
      '__Type.fields': most(types.map((t) => Object.keys(t.getFields?.() ?? {}).length)),
      '__Type.inputFields': most(types.map((t) => Object.keys(t.getFields?.() ?? {}).length)),
      '__Type.interfaces': most(types.map((t) => t.getInterfaces?.().length ?? 0)),
      '__Type.possibleTypes': most(types.map((t) => t.getTypes?.().length ?? 0)),
      '__Type.enumValues': most(types.map((t) => t.getValues?.().length ?? 0)),
      '__Field.args': args,
      '__Directive.args': args,
      '__Directive.locations': most(directives.map((d) => d.locations.length)),
    };
    introspectionSizes.set(schema, sizes);
  }
  return sizes[coordinate] ?? Object.keys(schema.getTypeMap()).length;
}

function fieldOf(walk: Walk, parent: TypeRef, name: string): FieldDef | undefined {
  if (parent.name === walk.schema.getQueryType()?.name) {
    // The introspection entry points are not among Query's fields.
    if (name === '__schema') return { type: walk.schema.getType('__Schema') as TypeRef, args: [] };
    if (name === '__type') return { type: walk.schema.getType('__Type') as TypeRef, args: [] };
  }
  return parent.getFields?.()[name];
}

/** The arguments of a field as given (literals, variables, or the schema's defaults): uncoerced, enough to size lists. */
function argumentsOf(walk: Walk, definition: FieldDef, node: FieldNode): Args {
  const args: Args = {};
  for (const argument of definition.args) {
    if (argument.defaultValue !== undefined) args[argument.name] = argument.defaultValue;
  }
  for (const argument of node.arguments ?? []) {
    if (argument.value.kind === Kind.VARIABLE) {
      const value = walk.variables[argument.value.name.value];
      if (value !== undefined) args[argument.name.value] = value;
    } else {
      args[argument.name.value] = valueFromASTUntyped(argument.value, walk.variables);
    }
  }
  return args;
}

function selectionCost(walk: Walk, set: SelectionSetNode, parent: TypeRef, parentArgs: Args): number {
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      const definition = fieldOf(walk, parent, name);
      if (!definition) {
        total += 1; // __typename, or a field validation has already refused
        continue;
      }
      const args = argumentsOf(walk, definition, selection);
      ARGUMENT_CHECKS[`${parent.name}.${name}`]?.(args);
      const type = namedTypeOf(definition.type);
      const children = selection.selectionSet ? selectionCost(walk, selection.selectionSet, type, args) : 0;
      let items = 1;
      if (isList(definition.type)) {
        const size = LIST_SIZES[`${parent.name}.${name}`];
        if (size) items = size(args, walk.bounds, parentArgs);
        else items = parent.name?.startsWith('__') ? introspectionSize(walk.schema, `${parent.name}.${name}`) : UNKNOWN_LIST_SIZE;
      }
      total += (RESOLVER_WORK[`${parent.name}.${name}`] ?? 0) + items * (1 + children);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      if (type) total += selectionCost(walk, selection.selectionSet, type as TypeRef, parentArgs);
    } else {
      total += fragmentCost(walk, selection.name.value, parentArgs);
    }
  }
  return total;
}

/**
 * A fragment's cost, computed once however many times it is spread (spreads nesting spreads stay
 * linear); once per enclosing arguments, as a fragment on Growth costs what its growth field asked.
 */
function fragmentCost(walk: Walk, name: string, parentArgs: Args): number {
  const key = `${name} ${JSON.stringify(parentArgs)}`;
  const known = walk.fragmentCosts.get(key);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  const type = fragment && walk.schema.getType(fragment.typeCondition.name.value);
  if (!fragment || !type || walk.inProgress.has(name)) return 0; // unknown or cyclic: validation refuses those
  walk.inProgress.add(name);
  const cost = selectionCost(walk, fragment.selectionSet, type as TypeRef, parentArgs);
  walk.inProgress.delete(name);
  walk.fragmentCosts.set(key, cost);
  return cost;
}

/** The variables with the operation's defaults for those not given. */
function variablesOf(operation: OperationDefinitionNode, given: Args): Args {
  const variables: Args = { ...given };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (variables[name] === undefined && definition.defaultValue) variables[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return variables;
}

/**
 * The cost of the operation a request runs, with its variables; null when there is no such
 * operation (execution answers that error). Throws the BAD_USER_INPUT error of an out-of-range
 * series argument.
 */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Args | null | undefined,
  bounds: CatalogBounds,
): number | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!root) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk: Walk = { schema, bounds, variables: variablesOf(operation, variables ?? {}), fragments, fragmentCosts: new Map(), inProgress: new Set() };
  return selectionCost(walk, operation.selectionSet, root as unknown as TypeRef, {});
}
