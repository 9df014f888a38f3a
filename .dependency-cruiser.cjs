/**
 * No import cycle under src (`npm run lint`, and the lint step of scripts/test.sh):
 * `depcruise src --config .dependency-cruiser.cjs`. src/layers.test.ts checks that a fixture cycle
 * fails and that src passes (docs/architecture.md "Layers of the code").
 *
 * Type-only imports count (`tsPreCompilationDeps: true`: the imports are read from the TypeScript
 * source, before the compiler erases `import type`). A cycle made of types alone costs nothing at
 * run time, but it still ties two modules to each other: neither can be moved, split or understood
 * without the other, and turning one `import type` into a value import (or a type into a class or an
 * enum) makes it a run-time cycle with no other change. The shared type belongs in a third module
 * that both import (as src/components/forms/map-address.ts); ESLint's import/no-cycle rules ignore
 * type imports, one reason this check is dependency-cruiser's. Dynamic `import()` counts too: a
 * module that loads another lazily still depends on it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move what both modules need into a third one, or invert one of the dependencies (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
    {
      // An import of the project that the cruiser cannot resolve would drop out of the graph, and
      // with it any cycle through it: fail instead (tsc resolves the same paths).
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'dependency-cruiser could not resolve this import of the project: a cycle through it would go unseen.',
      from: {},
      to: { couldNotResolve: true, path: '^(?:\\.|@/)' },
    },
  ],
  options: {
    // Packages are not part of any cycle of ours: neither read nor listed.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // The `@/` paths of tsconfig.json.
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
