/**
 * The outputs of common resource types, as score-compose's default provisioners produce them.
 * A stand-in for placeholder completion until the resource catalog (a later issue) supplies the
 * outputs of the provisioners actually loaded. Route has no outputs; a volume is referenced whole.
 */
export const knownOutputs: Readonly<Record<string, readonly string[]>> = {
  postgres: ['host', 'port', 'name', 'database', 'username', 'password'],
  'postgres-instance': ['host', 'port', 'username', 'password'],
  mysql: ['host', 'port', 'name', 'database', 'username', 'password'],
  mssql: ['server', 'port', 'connection', 'database', 'username', 'password'],
  mongodb: ['host', 'port', 'username', 'password', 'connection'],
  redis: ['host', 'port', 'username', 'password'],
  amqp: ['host', 'port', 'vhost', 'username', 'password'],
  'kafka-topic': ['host', 'port', 'name', 'num_partitions'],
  elasticsearch: ['host', 'port', 'username', 'password'],
  s3: ['endpoint', 'region', 'bucket', 'access_key_id', 'secret_key', 'aws_access_key_id', 'aws_secret_key'],
  dns: ['host'],
  route: [],
  'service-port': ['hostname', 'port'],
  volume: [],
};
