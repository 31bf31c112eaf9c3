import type { Provisioner } from '../types';
import { amqpProvisioner } from './amqp';
import { dnsProvisioner } from './dns';
import { elasticsearchProvisioner } from './elasticsearch';
import { kafkaTopicProvisioner } from './kafka-topic';
import { mongodbProvisioner } from './mongodb';
import { mssqlProvisioner } from './mssql';
import { mysqlProvisioner } from './mysql';
import { postgresProvisioner } from './postgres';
import { postgresInstanceProvisioner } from './postgres-instance';
import { redisProvisioner } from './redis';
import { routeProvisioner } from './route';
import { s3Provisioner } from './s3';
import { servicePortProvisioner } from './service-port';
import { volumeProvisioner } from './volume';

/** score-compose's default provisioners, in the order of its zz-default.provisioners.yaml. */
export function defaultProvisioners(): Provisioner[] {
  return [
    volumeProvisioner,
    servicePortProvisioner,
    redisProvisioner,
    postgresProvisioner,
    postgresInstanceProvisioner,
    s3Provisioner,
    amqpProvisioner,
    dnsProvisioner,
    routeProvisioner,
    mongodbProvisioner,
    mysqlProvisioner,
    kafkaTopicProvisioner,
    elasticsearchProvisioner,
    mssqlProvisioner,
  ];
}

export {
  amqpProvisioner,
  dnsProvisioner,
  elasticsearchProvisioner,
  kafkaTopicProvisioner,
  mongodbProvisioner,
  mssqlProvisioner,
  mysqlProvisioner,
  postgresInstanceProvisioner,
  postgresProvisioner,
  redisProvisioner,
  routeProvisioner,
  s3Provisioner,
  servicePortProvisioner,
  volumeProvisioner,
};
