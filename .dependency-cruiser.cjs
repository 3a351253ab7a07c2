// Import rules of the layers (checked by test/architecture.test.ts and `npm run lint:deps`):
//   shared  <  db  <  domains  <  http / container (and its parts in src/composition) / app  <  server  <  cli
// Lower layers never import higher ones, a domain never reaches into another domain's store, and
// there are no cycles. Type-only imports count: they are dependencies of the design too.
const DOMAINS =
  '(admin|auth|billing|customers|events|idempotency|help-center|knowledge|mail|attachments|notes|orgs|presence|tickets|webhooks|widgets)';

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'shared-is-the-bottom',
      comment: 'src/shared is used by everything and uses nothing of ours',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(?!shared/)' },
    },
    {
      name: 'config-is-the-bottom',
      severity: 'error',
      from: { path: '^src/config\\.ts$' },
      to: { path: '^src/(?!shared/)' },
    },
    {
      name: 'db-below-domains',
      comment: 'the database layer knows the domains only through their *-tables.ts type files',
      severity: 'error',
      from: { path: '^src/db/' },
      to: {
        path: `^src/(${DOMAINS.slice(1, -1)}|http|cli)/|^src/(app|container|server)\\.ts$|^src/composition/`,
        pathNot: '-tables\\.ts$',
      },
    },
    {
      name: 'tables-are-leaves',
      severity: 'error',
      from: { path: '-tables\\.ts$' },
      to: { path: '^src/', pathNot: '^src/db/column-types\\.ts$' },
    },
    {
      name: 'domains-below-entry-points',
      comment: 'domains do not know the HTTP layer, the composition root, the server or the CLI',
      severity: 'error',
      from: { path: `^src/${DOMAINS}/` },
      to: { path: '^src/(http|cli)/|^src/(app|container|server)\\.ts$|^src/composition/' },
    },
    {
      name: 'no-foreign-store',
      comment: "a domain never imports another domain's store: it asks that domain's service/port",
      severity: 'error',
      from: { path: `^src/${DOMAINS}/` },
      to: { path: `^src/${DOMAINS}/[^/]+-store\\.ts$`, pathNot: '^src/$1/' },
    },
    {
      name: 'http-below-app',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/cli/|^src/(app|container|server)\\.ts$|^src/composition/' },
    },
    {
      name: 'nothing-imports-the-cli',
      severity: 'error',
      from: { path: '^src/(?!cli/)' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^test/|\\.test\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
