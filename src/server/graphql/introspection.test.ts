import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { standardIntrospectionOptions } from './introspection';

describe('standardIntrospectionOptions: which documents are the standard introspection query', () => {
  it('recognises every option set, whatever the whitespace, comments or operation name', () => {
    expect(standardIntrospectionOptions(getIntrospectionQuery())).not.toBeNull();
    const all = { descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true };
    expect(standardIntrospectionOptions(getIntrospectionQuery(all))).toMatchObject(all);
    expect(standardIntrospectionOptions(`# tool\n${getIntrospectionQuery().replace(/\s+/g, ' ').replace('IntrospectionQuery', 'Other')}`)).not.toBeNull();
  });

  it('refuses anything else: an added field, a deeper type reference, a second operation, a huge or broken text', () => {
    const standard = getIntrospectionQuery();
    expect(standardIntrospectionOptions(standard.replace('__schema {', 'funds(locale: "fr") { slug } __schema {'))).toBeNull();
    expect(standardIntrospectionOptions(standard.replace(/ofType \{\s+name\s+kind\s+\}/, 'ofType { name kind ofType { name } }'))).toBeNull();
    expect(standardIntrospectionOptions(`${standard} query Other { __typename }`)).toBeNull();
    expect(standardIntrospectionOptions(`${standard}${' '.repeat(10_000)}`)).toBeNull();
    expect(standardIntrospectionOptions(standard.slice(0, -20))).toBeNull();
    expect(standardIntrospectionOptions('{ __schema { types { name } } }')).toBeNull();
    expect(standardIntrospectionOptions(undefined)).toBeNull();
    expect(standardIntrospectionOptions('{ company(locale: "fr") { title } }')).toBeNull();
  });
});
