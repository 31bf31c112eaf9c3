/**
 * Workloads the graph's layout tests share: a start order of three containers (migrate → api → web,
 * migrate an init container) and a resource that api uses.
 */
export const SHOP_WITH_START_ORDER = `apiVersion: score.dev/v1b1
metadata: {name: shop}
containers:
  migrate: {image: flyway, before: {api: {ready: complete}}}
  api:
    image: api
    variables: {DB: '\${resources.db.host}'}
    before: {web: {ready: started}}
  web: {image: nginx}
resources:
  db: {type: postgres}
`;
