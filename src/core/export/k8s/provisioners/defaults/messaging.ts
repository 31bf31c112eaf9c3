import {
  claimTemplate,
  clusterService,
  LOCKED_DOWN,
  metadata,
  nest,
  ownedLabels,
  secret,
  statefulSet,
  type DefaultProvisioner,
} from './blocks';

/**
 * The default provisioners for caches, queues and object storage: redis and RabbitMQ (a server per
 * resource), S3 (one MinIO server shared by every bucket, a Job per bucket) and Kafka topics (one
 * broker shared by every topic, a Job per topic).
 */
const SERVICE = '{{ .State.service }}';

const redisPod = `automountServiceAccountToken: false
containers:
- name: redis
  image: mirror.gcr.io/redis:7-alpine
  securityContext:
${nest(LOCKED_DOWN, 4)}
    readOnlyRootFilesystem: true
  ports:
  - name: redis
    containerPort: 6379
  volumeMounts:
  - name: redis-data
    mountPath: /data
  - name: config
    mountPath: /usr/local/etc/redis
  readinessProbe:
    exec:
      command:
      - redis-cli
      - ping
    periodSeconds: 3
securityContext:
  fsGroup: 1000
  runAsGroup: 1000
  runAsNonRoot: true
  runAsUser: 1000
  seccompProfile:
    type: RuntimeDefault
volumes:
- name: config
  secret:
    secretName: ${SERVICE}
    items:
    - key: redis.conf
      path: redis.conf`;

export const redis: DefaultProvisioner = {
  uri: 'template://default-provisioners/redis',
  type: 'redis',
  description: 'Provisions a dedicated Redis instance.',
  init: `randomPassword: {{ randAlphaNum 16 | quote }}\n`,
  state: `service: redis-{{ .SourceWorkload }}-{{ substr 0 8 .Guid | lower }}
username: default
password: {{ dig "password" .Init.randomPassword .State | quote }}
`,
  outputs: `host: ${SERVICE}
port: 6379
username: {{ .State.username }}
password: {{ encodeSecretRef .State.service "password" }}
`,
  // redis.conf is written by printf: the \\n below are Go escapes in the template's string.
  manifests: `${secret(
    SERVICE,
    `password: {{ .State.password | b64enc }}
redis.conf: {{ printf "requirepass %s\\nport 6379\\nsave 60 1\\nloglevel warning\\n" .State.password | b64enc }}`,
  )}
${statefulSet(SERVICE, redisPod, { claims: claimTemplate('redis-data', '1Gi', ownedLabels(SERVICE)) })}
${clusterService(SERVICE, '- port: 6379\n  targetPort: 6379')}
`,
  expected_outputs: ['host', 'port', 'username', 'password'],
};

const rabbitPod = `containers:
  - name: rabbitmq
    image: mirror.gcr.io/rabbitmq:3-management-alpine
    ports:
      - name: amqp
        containerPort: 5672
      - name: management
        containerPort: 15672
    envFrom:
      - secretRef:
          name: ${SERVICE}-secret
    volumeMounts:
      - name: data
        mountPath: /var/lib/rabbitmq
    readinessProbe:
      exec:
        command:
          - rabbitmq-diagnostics
          - -q
          - check_port_connectivity
      periodSeconds: 3
      initialDelaySeconds: 30
      timeoutSeconds: 5`;

export const amqp: DefaultProvisioner = {
  uri: 'template://default-provisioners/rabbitmq',
  type: 'amqp',
  description: 'Provisions a dedicated RabbitMQ vhost on a shared instance.',
  init: `randomVHost: vhost-{{ randAlpha 8 }}
randomUsername: user-{{ randAlpha 8 }}
randomPassword: {{ randAlphaNum 16 | quote }}
`,
  state: `service: rabbitmq-{{ .SourceWorkload }}-{{ substr 0 8 .Guid | lower }}
vhost: {{ dig "vhost" .Init.randomVHost .State | quote }}
username: {{ dig "username" .Init.randomUsername .State | quote }}
password: {{ dig "password" .Init.randomPassword .State | quote }}
`,
  // The password is an output as it is, not a reference to the Secret (as in score-k8s).
  outputs: `host: ${SERVICE}
port: 5672
vhost: {{ .State.vhost }}
username: {{ .State.username }}
password: {{ .State.password }}
`,
  manifests: `${secret(
    `${SERVICE}-secret`,
    `RABBITMQ_DEFAULT_VHOST: {{ .State.vhost | b64enc }}
RABBITMQ_DEFAULT_USER: {{ .State.username | b64enc }}
RABBITMQ_DEFAULT_PASS: {{ .State.password | b64enc }}`,
    { labels: ownedLabels(`${SERVICE}-secret`, SERVICE) },
  )}
${statefulSet(SERVICE, rabbitPod, {
  namespaced: false,
  podAnnotated: false,
  claims: claimTemplate('data', '3Gi', null),
})}
${clusterService(
  SERVICE,
  `- port: 5672
  targetPort: 5672
  name: amqp
- port: 15672
  targetPort: 15672
  name: management`,
)}
`,
  expected_outputs: ['host', 'port', 'vhost', 'username', 'password'],
};

/** The MinIO server's facts, kept in the shared state under .Init.sk so that every bucket uses one server. */
const minioShared = `{{ .Init.sk }}:
  instanceServiceName: {{ dig .Init.sk "instanceServiceName" (randAlpha 7 | lower | printf "minio-%s") .Shared | quote }}
  instanceUsername: {{ dig .Init.sk "instanceUsername" (randAlpha 7 | printf "user-%s") .Shared | quote }}
  instancePassword: {{ dig .Init.sk "instancePassword" (randAlphaNum 16) .Shared | quote }}
  instanceAccessKeyId: {{ dig .Init.sk "instanceAccessKeyId" (randAlphaNum 20) .Shared | quote }}
  instanceSecretKey: {{ dig .Init.sk "instanceSecretKey" (randAlphaNum 40) .Shared | quote }}
`;

const MINIO = '{{ $service | quote }}';
const minioLabels = ownedLabels(MINIO);

const minioPod = `automountServiceAccountToken: false
containers:
- name: minio
  image:  quay.io/minio/minio
  args: ["server", "/data", "--console-address", ":9001"]
  ports:
  - name: service
    containerPort: 9000
  - name: console
    containerPort: 9001
  env:
  - name: MINIO_ROOT_USER
    value: {{ $shared.instanceUsername | quote }}
  - name: MINIO_ROOT_PASSWORD
    valueFrom:
      secretKeyRef:
        name: ${MINIO}
        key: password
  securityContext:
    runAsUser: 1000
    runAsGroup: 1000
${nest(LOCKED_DOWN, 4)}
  volumeMounts:
  - name: data
    mountPath: /data
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  runAsGroup: 1000
  fsGroup: 1000
  seccompProfile:
    type: RuntimeDefault`;

const bucketJob = `- apiVersion: batch/v1
  kind: Job
${nest(metadata('{{ printf "%s-bucket-%s" $service .Guid }}', { annotated: false, labels: 'app.kubernetes.io/managed-by: score-k8s' }), 2)}
  spec:
    template:
      spec:
        restartPolicy: OnFailure
        containers:
        - name: main
          image: quay.io/minio/minio
          command:
          - /bin/bash
          - -c
          - |
            set -eu
            mc alias set myminio http://{{ $service }}:9000 {{ $shared.instanceUsername | quote }} $MINIO_ROOT_PASSWORD
            mc admin user svcacct info myminio {{ $shared.instanceAccessKeyId | quote }} || mc admin user svcacct add myminio {{ $shared.instanceUsername | quote }} --access-key {{ $shared.instanceAccessKeyId | quote }} --secret-key $MINIO_SECRET_KEY
            mc mb -p myminio/{{ .State.bucket }}
          env:
          - name: MINIO_ROOT_PASSWORD
            valueFrom:
              secretKeyRef:
                name: ${MINIO}
                key: password
          - name: MINIO_SECRET_KEY
            valueFrom:
              secretKeyRef:
                name: ${MINIO}
                key: secret_key`;

const minioContext = `{{ $shared := dig .Init.sk (dict) .Shared }}
{{ $service := $shared.instanceServiceName }}`;

export const s3: DefaultProvisioner = {
  uri: 'template://default-provisioners/s3',
  type: 's3',
  description: 'Provisions a dedicated S3 bucket with AWS-style credentials on a shared MinIO instance.',
  init: `sk: default-provisioners-minio-instance\n`,
  state: `bucket: {{ dig "bucket" (printf "bucket-%s" .Guid) .State | quote }}\n`,
  shared: minioShared,
  outputs: `${minioContext}
bucket: {{ .State.bucket }}
access_key_id: {{ $shared.instanceAccessKeyId | quote }}
secret_key: {{ encodeSecretRef $service "secret_key" }}
endpoint: http://{{ $service }}:9000
region: "us-east-1"
aws_access_key_id: {{ $shared.instanceAccessKeyId | quote }}
aws_secret_key: {{ encodeSecretRef $service "secret_key" }}
`,
  manifests: `${minioContext}
${statefulSet(MINIO, minioPod, { annotated: false, podAnnotated: false, claims: claimTemplate('data', '1Gi', minioLabels, false) })}
${secret(
  '{{ $service }}',
  `password: {{ $shared.instancePassword | b64enc }}
secret_key: {{ $shared.instanceSecretKey | b64enc }}`,
  { annotated: false },
)}
${clusterService(
  '{{ $service }}',
  `- name: service
  port: 9000
  targetPort: 9000
- name: console
  port: 9001
  targetPort: 9001`,
  { annotated: false },
)}
${bucketJob}
`,
  expected_outputs: [
    'bucket',
    'access_key_id',
    'secret_key',
    'endpoint',
    'region',
    'aws_access_key_id',
    'aws_secret_key',
  ],
};
