/**
 * The Score form of every Workload the score-orchestrator publishes (its samples, docs examples and
 * e2e fixtures, under ../shared/reference/score-orchestrator): what a developer would write in
 * score.yaml to get that resource. Written by hand from the published resources; ports get the name
 * Score requires (the resource's list has none). Each names the published file, the document in it
 * and the namespace the resource is created in.
 */
export interface ScoreForm {
  file: string;
  /** 0-based index among the file's documents of kind Workload. */
  index: number;
  namespace: string;
  score: string;
}

export const SCORE_FORMS: ScoreForm[] = [
  {
    file: 'config/samples/score_v1b1_workload.yaml',
    index: 0,
    namespace: 'default',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: service-a
  labels:
    app.kubernetes.io/name: kbinit
    app.kubernetes.io/managed-by: kustomize
service:
  ports:
    web:
      port: 8000
      targetPort: 80
      protocol: TCP
containers:
  container-id:
    image: busybox
    variables:
      CONNECTION_STRING: "postgresql://\${resources.db.username}:\${resources.db.password}@\${resources.db.host}:\${resources.db.port}"
resources:
  db:
    type: postgres
`,
  },
  {
    file: 'config/samples/score_v1b1_workload.yaml',
    index: 1,
    namespace: 'score-system',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: workload-batch
  labels:
    workload-type: batch
containers:
  worker:
    image: busybox:latest
    command: ["sleep", "3600"]
resources:
  storage:
    type: postgres
`,
  },
  {
    file: 'config/samples/score_v1b1_workload.yaml',
    index: 2,
    namespace: 'score-system',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: workload-user-hint
  annotations:
    score.dev/profile: batch-job
containers:
  app:
    image: nginx:latest
resources:
  data:
    type: postgres
`,
  },
  {
    file: 'config/samples/score_v1b1_workload.yaml',
    index: 3,
    namespace: 'test-dev',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: web-app-dev
  labels:
    app: web-app
    team: backend
containers:
  app:
    image: nginx:latest
    resources:
      requests:
        cpu: 200m
        memory: 256Mi
service:
  ports:
    http:
      port: 8080
      protocol: TCP
resources:
  cache:
    type: redis
`,
  },
  {
    file: 'config/samples/score_v1b1_workload.yaml',
    index: 4,
    namespace: 'test-prod',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: web-app-prod
  labels:
    app: web-app
  annotations:
    score.dev/requirements: monitoring
containers:
  app:
    image: nginx:latest
    resources:
      requests:
        cpu: 500m
        memory: 1Gi
service:
  ports:
    http:
      port: 8080
      protocol: TCP
`,
  },
  {
    file: 'config/samples/score_v1b1_workload.yaml',
    index: 5,
    namespace: 'test-dev',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: batch-heavy
  labels:
    workload-type: batch
containers:
  worker:
    image: busybox:latest
    command: ["sleep", "3600"]
    resources:
      requests:
        cpu: 4000m
        memory: 8Gi
resources:
  queue:
    type: redis
`,
  },
  {
    file: 'config/samples/score_v1b1_workload.yaml',
    index: 6,
    namespace: 'test-dev',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: app-with-db
  labels:
    team: backend
containers:
  app:
    image: myapp:latest
    resources:
      requests:
        cpu: 100m
        memory: 128Mi
service:
  ports:
    web:
      port: 3000
resources:
  database:
    type: postgres
`,
  },
  {
    file: 'docs/examples/hello/workload.yaml',
    index: 0,
    namespace: 'default',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: hello-web
containers:
  app:
    image: ghcr.io/score-spec/sample-app-gif:main
    variables:
      PG_CONNECTION_STRING: "postgresql://\${resources.db.username}:\${resources.db.password}@\${resources.db.host}:\${resources.db.port}/\${resources.db.database}?sslmode=disable"
service:
  ports:
    web:
      port: 8080
      targetPort: 8080
      protocol: TCP
resources:
  db:
    type: postgres
`,
  },
  {
    file: 'docs/examples/node-postgres/workload.yaml',
    index: 0,
    namespace: 'default',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: node-postgres-app
containers:
  app:
    image: ghcr.io/score-spec/sample-app-gif:main
    variables:
      PORT: "3000"
      MESSAGE: "Hello, World!"
      DB_DATABASE: "\${resources.db.database}"
      DB_USER: "\${resources.db.username}"
      DB_PASSWORD: "\${resources.db.password}"
      DB_HOST: "\${resources.db.host}"
      DB_PORT: "\${resources.db.port}"
      PG_CONNECTION_STRING: "postgresql://\${resources.db.username}:\${resources.db.password}@\${resources.db.host}:\${resources.db.port}/\${resources.db.database}?sslmode=disable"
service:
  ports:
    web:
      port: 8080
      targetPort: 3000
      protocol: TCP
resources:
  db:
    type: postgres
`,
  },
  {
    file: 'test/e2e/fixtures/workloads/basic-web.yaml',
    index: 0,
    namespace: 'default',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: basic-web-test
  labels:
    app: basic-web
    team: e2e-test
containers:
  app:
    image: nginx:latest
    variables:
      PORT: "8080"
    resources:
      requests:
        cpu: 100m
        memory: 128Mi
      limits:
        cpu: 500m
        memory: 512Mi
service:
  ports:
    http:
      port: 8080
      protocol: TCP
resources:
  db:
    type: postgresql
    class: small
  cache:
    type: redis
    class: small
`,
  },
  {
    file: 'test/e2e/fixtures/workloads/batch-job.yaml',
    index: 0,
    namespace: 'default',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: batch-job-test
  labels:
    workload-type: batch
    team: e2e-test
containers:
  worker:
    image: busybox:latest
    command: ["sleep", "300"]
    variables:
      JOB_TYPE: batch
resources:
  storage:
    type: postgres
    class: small
`,
  },
  {
    file: 'test/e2e/fixtures/workloads/user-hint.yaml',
    index: 0,
    namespace: 'default',
    score: `apiVersion: score.dev/v1b1
metadata:
  name: user-hint-test
  annotations:
    score.dev/profile: batch-job
  labels:
    team: e2e-test
containers:
  app:
    image: nginx:latest
service:
  ports:
    http:
      port: 8080
resources:
  data:
    type: postgres
    class: small
`,
  },
];

/** The Score form of the e2e fixture invalid.yaml: no containers (and so no valid workload). */
export const INVALID_SCORE_FORM = `apiVersion: score.dev/v1b1
metadata:
  name: invalid-test
  labels:
    team: e2e-test
service:
  ports:
    http:
      port: 8080
resources:
  db:
    type: postgres
    class: small
`;
