import type { Provisioner } from '../types';
import { annotation, atoi, digText, INIT_CONTAINER_LABEL, keyed, result, unquoted } from './common';
import { randomText } from '../random';

const BROKER_PORT = 9092;
const CONTROLLER_PORT = 9093;
const IMAGE = 'apache/kafka:latest';
const SHARED_KEY = 'shared_kafka_instance_name';

/** One topic per resource on a single-node (KRaft) Kafka broker shared by all of them. */
export const kafkaTopicProvisioner: Provisioner = {
  uri: 'template://default-provisioners/kafka-topic',
  type: 'kafka-topic',
  description: 'Provisions a dedicated Kafka topic on a shared Kafka broker.',
  params: [],
  outputs: [
    { name: 'host', description: 'The Kafka broker service name.' },
    { name: 'port', description: 'Always "9092" (a string).' },
    { name: 'name', description: 'The topic name.' },
    { name: 'num_partitions', description: 'Always 3.' },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const topic = digText(input.state, ['topic'], `topic-${random.alphaNum(6)}`);
    const broker = digText(input.shared, [SHARED_KEY], `kafka-${random.alphaNum(6)}`);
    const publishPort = atoi(annotation(input, 'compose.score.dev/publish-port', '0'));
    const bootstrap = `--bootstrap-server=localhost:${BROKER_PORT}`;
    return {
      result: result({
        state: { topic },
        shared: { [SHARED_KEY]: broker },
        outputs: { host: unquoted(broker), port: String(BROKER_PORT), name: unquoted(topic), num_partitions: 3 },
        volumes: keyed([`${broker}-data`, { driver: 'local' }]),
        services: keyed<unknown>(
          [
            broker,
            {
              image: IMAGE,
              restart: 'always',
              environment: {
                KAFKA_NODE_ID: '1',
                KAFKA_PROCESS_ROLES: 'broker,controller',
                KAFKA_LISTENERS: `PLAINTEXT://:${BROKER_PORT},CONTROLLER://:${CONTROLLER_PORT}`,
                KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
                KAFKA_CONTROLLER_QUORUM_VOTERS: `1@${broker}:${CONTROLLER_PORT}`,
                KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
                KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
                KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
                KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
                KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
                KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
              },
              healthcheck: {
                test: ['CMD', 'kafka-topics.sh', '--list', bootstrap],
                interval: '2s',
                timeout: '2s',
                retries: 10,
              },
              ...(publishPort !== 0 ? { ports: [{ target: BROKER_PORT, published: publishPort }] } : {}),
              volumes: [{ type: 'volume', source: `${broker}-data`, target: '/var/lib/kafka/data' }],
            },
          ],
          [
            `${topic}-init`,
            {
              image: IMAGE,
              entrypoint: ['/bin/sh'],
              command: [
                '-c',
                `kafka-topics.sh --topic=${topic} ${bootstrap} --describe || kafka-topics.sh --topic=${topic} ${bootstrap} --create --partitions=3 --replication-factor=1`,
              ],
              network_mode: `service:${broker}`,
              labels: { [INIT_CONTAINER_LABEL]: 'true' },
              depends_on: { [broker]: { condition: 'service_healthy', restart: true } },
            },
          ],
        ),
      }),
    };
  },
};
