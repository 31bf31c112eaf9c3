import {
  claimTemplate,
  clusterService,
  LOCKED_DOWN,
  metadata,
  nest,
  ownedLabels,
  statefulSet,
  type DefaultProvisioner,
} from './blocks';

/**
 * Kafka topics: one broker (KRaft, a single node) shared by every topic, and a Job per topic that
 * creates it unless it exists.
 */
const BROKER = '{{ $broker }}';
const TOPIC_JOB = '{{ $broker }}-{{ .State.topic | replace "." "-" }}-init';

const brokerPod = `automountServiceAccountToken: false
containers:
- name: kafka
  image: apache/kafka:latest
  ports:
  - name: kafka
    containerPort: {{ .Init.brokerPort }}
  env:
  - name: KAFKA_NODE_ID
    value: "1"
  - name: KAFKA_PROCESS_ROLES
    value: broker,controller
  - name: KAFKA_LISTENERS
    value: "PLAINTEXT://:{{ .Init.brokerPort }},CONTROLLER://:{{ .Init.ctrlPort }}"
  - name: KAFKA_ADVERTISED_LISTENERS
    value: "PLAINTEXT://${BROKER}:{{ .Init.brokerPort }}"
  - name: KAFKA_LISTENER_SECURITY_PROTOCOL_MAP
    value: "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"
  - name: KAFKA_CONTROLLER_QUORUM_VOTERS
    value: "1@${BROKER}:{{ .Init.ctrlPort }}"
  - name: KAFKA_CONTROLLER_LISTENER_NAMES
    value: CONTROLLER
  - name: KAFKA_AUTO_CREATE_TOPICS_ENABLE
    value: "false"
  - name: KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR
    value: "1"
  - name: KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR
    value: "1"
  - name: KAFKA_TRANSACTION_STATE_LOG_MIN_ISR
    value: "1"
  - name: KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS
    value: "0"
  readinessProbe:
    exec:
      command:
        - /opt/kafka/bin/kafka-topics.sh
        - --list
        - --bootstrap-server=localhost:{{ .Init.brokerPort }}
    initialDelaySeconds: 10
    periodSeconds: 5
    failureThreshold: 12
  securityContext:
${nest(LOCKED_DOWN, 4)}
  volumeMounts:
  - name: kafka-data
    mountPath: /var/lib/kafka/data
securityContext:
  fsGroup: 1000
  runAsGroup: 1000
  runAsNonRoot: true
  runAsUser: 1000
  seccompProfile:
    type: RuntimeDefault`;

// The shell script's lines end in backslashes: String.raw keeps them.
const createTopic = String.raw`/opt/kafka/bin/kafka-topics.sh \
  --bootstrap-server={{ $broker }}:{{ .Init.brokerPort }} \
  --describe --topic={{ .State.topic }} \
|| /opt/kafka/bin/kafka-topics.sh \
  --bootstrap-server={{ $broker }}:{{ .Init.brokerPort }} \
  --create \
  --topic={{ .State.topic }} \
  --partitions=3 \
  --replication-factor=1`;

const topicJob = `- apiVersion: batch/v1
  kind: Job
${nest(metadata(TOPIC_JOB, { labels: ownedLabels(TOPIC_JOB, BROKER) }), 2)}
  spec:
    backoffLimit: 10
    template:
      metadata:
        labels:
${nest(ownedLabels(TOPIC_JOB, BROKER), 10)}
      spec:
        restartPolicy: OnFailure
        automountServiceAccountToken: false
        containers:
        - name: kafka-topic-init
          image: apache/kafka:latest
          command:
          - /bin/sh
          - -c
          - |
${nest(createTopic, 12)}
          securityContext:
${nest(LOCKED_DOWN, 12)}
        securityContext:
          runAsNonRoot: true
          seccompProfile:
            type: RuntimeDefault`;

export const kafkaTopic: DefaultProvisioner = {
  uri: 'template://default-provisioners/kafka-topic',
  type: 'kafka-topic',
  description: 'Provisions a dedicated Kafka topic on an in-cluster Kafka broker.',
  init: `brokerPort: 9092
ctrlPort: 9093
randomTopic: topic-{{ randAlphaNum 6 }}
`,
  state: `topic: {{ dig "topic" .Init.randomTopic .State | quote }}\n`,
  shared: `shared_kafka_instance_name: {{ dig "shared_kafka_instance_name" (print "kafka-" (randAlphaNum 6)) .Shared | quote }}\n`,
  outputs: `host: {{ .Shared.shared_kafka_instance_name }}
port: {{ .Init.brokerPort }}
name: {{ .State.topic }}
num_partitions: 3
`,
  manifests: `{{ $broker := .Shared.shared_kafka_instance_name }}
${statefulSet(BROKER, brokerPod, { claims: claimTemplate('kafka-data', '1Gi', ownedLabels(BROKER)) })}
${clusterService(BROKER, '- port: {{ .Init.brokerPort }}\n  targetPort: {{ .Init.brokerPort }}')}
${topicJob}
`,
  expected_outputs: ['host', 'port', 'name', 'num_partitions'],
};
