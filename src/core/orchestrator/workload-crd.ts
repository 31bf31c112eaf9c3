/**
 * The orchestrator's Workload custom resource (`score.dev/v1b1`, kind Workload, namespaced): the
 * structural schema of its `spec`, as its CustomResourceDefinition declares it (OpenAPI v3 plus the
 * CEL rules in `x-kubernetes-validations`), in the same keys so that crd-schema.ts reads it as the
 * API server reads the CRD. Descriptions and `status` are left out: an object is validated on
 * creation, when its status is not read. A test compares this with the published CRD
 * (cappyzawa/score-orchestrator `config/crd/bases/score.dev_workloads.yaml`), field by field.
 */
export interface StructuralSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, StructuralSchema>;
  required?: string[];
  additionalProperties?: StructuralSchema;
  items?: StructuralSchema;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  format?: string;
  pattern?: string;
  default?: unknown;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-validations'?: CelRule[];
}

export interface CelRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  fieldPath?: string;
  reason?: string;
}

export const WORKLOAD_API_VERSION = 'score.dev/v1b1';
export const WORKLOAD_KIND = 'Workload';
/** How admission policies' resourceRules name it. */
export const WORKLOAD_RESOURCE = { group: 'score.dev', version: 'v1b1', resource: 'workloads' } as const;

const strings: StructuralSchema = { type: 'array', items: { type: 'string' } };
const stringMap: StructuralSchema = { type: 'object', additionalProperties: { type: 'string' } };
const port: StructuralSchema = { type: 'integer', format: 'int32', minimum: 1, maximum: 65535 };

const probe: StructuralSchema = {
  type: 'object',
  properties: {
    exec: {
      type: 'object',
      required: ['command'],
      properties: { command: { type: 'array', items: { type: 'string' }, minItems: 1 } },
    },
    httpGet: {
      type: 'object',
      required: ['port'],
      properties: { headers: stringMap, path: { type: 'string' }, port },
    },
  },
};

const file: StructuralSchema = {
  type: 'object',
  required: ['target'],
  properties: {
    binaryContent: { type: 'string' },
    content: { type: 'string' },
    mode: { type: 'string' },
    source: {
      type: 'object',
      required: ['uri'],
      properties: { uri: { type: 'string', minLength: 1 } },
    },
    target: { type: 'string', minLength: 1 },
  },
  'x-kubernetes-validations': [
    {
      message: 'exactly one of source, content, or binaryContent must be specified',
      rule: '(has(self.source) ? 1 : 0) + (has(self.content) ? 1 : 0) + (has(self.binaryContent) ? 1 : 0) == 1',
    },
  ],
};

const container: StructuralSchema = {
  type: 'object',
  required: ['image'],
  properties: {
    args: strings,
    command: strings,
    files: { type: 'array', items: file, maxItems: 20 },
    image: {
      type: 'string',
      minLength: 1,
      'x-kubernetes-validations': [
        {
          message: "image must be '.' for build-from-source or a valid image reference",
          rule: "self == '.' || !self.startsWith('-') && !self.endsWith('-')",
        },
      ],
    },
    livenessProbe: probe,
    readinessProbe: probe,
    resources: { type: 'object', properties: { limits: stringMap, requests: stringMap } },
    variables: stringMap,
  },
};

/** The Workload's schema: apiVersion, kind, metadata (ObjectMeta, checked apart) and spec. */
export const WORKLOAD_SCHEMA: StructuralSchema = {
  type: 'object',
  required: ['spec'],
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      required: ['containers'],
      properties: {
        containers: {
          type: 'object',
          additionalProperties: container,
          minProperties: 1,
          maxProperties: 10,
          'x-kubernetes-validations': [
            { message: 'containers must contain at least one container', rule: 'size(self) > 0' },
          ],
        },
        profile: { type: 'string' },
        resources: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            required: ['type'],
            properties: {
              class: { type: 'string' },
              params: { 'x-kubernetes-preserve-unknown-fields': true },
              type: { type: 'string', minLength: 1 },
            },
          },
        },
        service: {
          type: 'object',
          properties: {
            ports: {
              type: 'array',
              items: {
                type: 'object',
                required: ['port'],
                properties: {
                  port,
                  protocol: { type: 'string', default: 'TCP', enum: ['TCP', 'UDP'] },
                  targetPort: { type: 'integer', format: 'int32' },
                },
              },
            },
          },
        },
      },
    },
  },
};
