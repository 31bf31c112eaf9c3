import type { Provisioner } from '../types';
import { annotation, atoi, dig, digText, INIT_CONTAINER_LABEL, keyed, result, unquoted } from './common';
import { randomText } from '../random';

const SHARED_KEY = 'default-provisioners-minio-instance';
const IMAGE = 'quay.io/minio/minio';

/**
 * One bucket per resource on a MinIO server shared by all of them, with one service account (AWS-style
 * keys) for every bucket. An init service creates the account and the buckets.
 */
export const s3Provisioner: Provisioner = {
  uri: 'template://default-provisioners/s3',
  type: 's3',
  description: 'Provisions a dedicated S3 bucket with AWS-style credentials on a shared MinIO instance.',
  params: [],
  outputs: [
    { name: 'bucket', description: 'The bucket name.' },
    { name: 'access_key_id', description: 'The access key id.', secret: true },
    { name: 'secret_key', description: 'The secret key.', secret: true },
    { name: 'endpoint', description: 'The S3 endpoint URL, http://<minio>:9000.' },
    { name: 'region', description: 'Always "us-east-1".' },
    { name: 'aws_access_key_id', description: 'The access key id (AWS name).', secret: true },
    { name: 'aws_secret_key', description: 'The secret key (AWS name).', secret: true },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomServiceName = `minio-${random.alphaNum(6)}`;
    const randomUsername = `user-${random.alpha(8)}`;
    const randomPassword = random.alphaNum(16);
    const randomBucket = `bucket-${random.alpha(8).toLowerCase()}`;
    const randomAccessKeyId = random.alphaNum(20);
    const randomSecretKey = random.alphaNum(40);
    const publishPort = atoi(annotation(input, 'compose.score.dev/publish-port', '0'));

    const bucket = digText(input.state, ['bucket'], randomBucket);
    const shared = (key: string, fallback: string) => digText(input.shared, [SHARED_KEY, key], fallback);
    const instance = shared('instanceServiceName', randomServiceName);
    const username = shared('instanceUsername', randomUsername);
    const password = shared('instancePassword', randomPassword);
    const accessKeyId = shared('instanceAccessKeyId', randomAccessKeyId);
    const secretKey = shared('instanceSecretKey', randomSecretKey);
    // The template's `with` skips a zero port, which writes null: a merge patch that deletes the key.
    // So the shared port is only ever kept, never set.
    const sharedPort = dig(input.shared, [SHARED_KEY, 'publishPort'], 0);
    const sharedPublishPort = sharedPort === 0 || sharedPort === null || sharedPort === '' ? null : sharedPort;

    const login = `mc alias set myminio http://${instance}:9000 ${username} ${password}`;
    const info = [
      `${input.uid}: To connect with a minio client: use the myminio alias at "docker run -it --network ${input.composeProjectName}_default --rm --entrypoint /bin/bash ${IMAGE} -c 'mc alias set myminio http://${instance}:9000 ${accessKeyId} ${secretKey}; bash'"`,
    ];
    if (publishPort !== 0)
      info.push(`${input.uid}: Or enter ${username} / ${password} at https://localhost:${publishPort}`);
    return {
      result: result({
        state: { bucket },
        shared: {
          [SHARED_KEY]: {
            instanceServiceName: instance,
            instanceUsername: username,
            instancePassword: password,
            instanceAccessKeyId: accessKeyId,
            instanceSecretKey: secretKey,
            publishPort: sharedPublishPort,
          },
        },
        outputs: {
          bucket: unquoted(bucket),
          access_key_id: accessKeyId,
          secret_key: secretKey,
          endpoint: `http://${instance}:9000`,
          region: 'us-east-1',
          aws_access_key_id: accessKeyId,
          aws_secret_key: secretKey,
        },
        files: keyed(
          [
            `${instance}-setup-scripts/00-svcacct.sh`,
            `set -eu\n${login}\nmc admin user svcacct info myminio "${accessKeyId}" || mc admin user svcacct add myminio "${username}" --access-key "${accessKeyId}" --secret-key "${secretKey}"\n`,
          ],
          [`${instance}-setup-scripts/10-bucket-${bucket}.sh`, `set -eu\n${login}\nmc mb -p myminio/${bucket}\n`],
        ),
        volumes: keyed([`${instance}-data`, { driver: 'local' }]),
        services: keyed<unknown>(
          [
            instance,
            {
              image: IMAGE,
              command: ['server', '/data', '--console-address', ':9001'],
              restart: 'always',
              ...(publishPort !== 0 ? { ports: [{ target: 9001, published: publishPort }] } : {}),
              healthcheck: {
                test: ['CMD-SHELL', `mc alias set myminio http://localhost:9000 ${username} ${password}`],
                interval: '2s',
                timeout: '2s',
                retries: 15,
              },
              environment: { MINIO_ROOT_USER: username, MINIO_ROOT_PASSWORD: password },
              volumes: [{ type: 'volume', source: `${instance}-data`, target: '/data' }],
            },
          ],
          [
            `${instance}-init`,
            {
              image: IMAGE,
              entrypoint: ['/bin/bash'],
              command: ['-c', 'for s in $$(ls /setup-scripts -1); do sh /setup-scripts/$$s; done'],
              labels: { [INIT_CONTAINER_LABEL]: 'true' },
              depends_on: { [instance]: { condition: 'service_healthy', restart: true } },
              volumes: [
                {
                  type: 'bind',
                  source: `${input.mountsDirectory}/${instance}-setup-scripts`,
                  target: '/setup-scripts',
                },
              ],
            },
          ],
        ),
        info,
      }),
    };
  },
};
