import { metadata, nest, ownedLabels, PROVENANCE, type DefaultProvisioner } from './blocks';

/**
 * The default provisioners that need no server of their own: the two examples (a template and a
 * program), service-port (how to reach another workload), volume, dns and route.
 */
export const exampleTemplate: DefaultProvisioner = {
  uri: 'template://example-provisioners/example-provisioner',
  type: 'example-provisioner-resource',
  description: 'Example provisioner that runs a template.',
  class: null,
  id: null,
  init: `key: value
key2: {{ print "value" | upper }}
my-uid: "{{ .Uid }}#{{ .Guid }}"
`,
  state: `stateKey: {{ .Init.key }}
stateKey2: {{ default 0 .State.stateKey2 | add 1 }}
`,
  shared: `section:
  key: {{ .Shared.foo }}
`,
  outputs: `plaintext: my-value
nested:
  example: thing
secret-reference: 🔐💬secret-{{ .Guid }}_password💬🔐
secret-reference-alt: {{ encodeSecretRef (printf "secret-%s" .Guid) "password" }}
`,
  expected_outputs: ['plaintext', 'nested', 'secret-reference', 'secret-reference-alt'],
  // The Secret's labels name .State.service, which this example never sets (score-k8s's own example
  // does the same, so its labels read "<no value>").
  manifests: `- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: cfg-{{ .Guid }}
    annotations:
${nest(PROVENANCE, 6)}
  data:
    key: {{ .Init.key }}
- apiVersion: v1
  kind: Secret
${nest(metadata('secret-{{ .Guid }}', { namespaced: false, labels: ownedLabels('{{ .State.service }}') }), 2)}
  data:
    password: {{ b64enc "my-secret-password" }}
`,
};

export const exampleCommand: DefaultProvisioner = {
  uri: 'cmd://bash#example-provisioner',
  type: 'example-provisioner-resource',
  description: 'Example provisioner that runs a bash script.',
  class: 'default',
  id: 'specific',
  args: ['-c', 'echo \'{"resource_outputs":{"key":"value","secret":"🔐💬mysecret_mykey💬🔐"},"manifests":[]}\''],
  expected_outputs: ['key', 'secret'],
};

export const servicePort: DefaultProvisioner = {
  uri: 'template://default-provisioners/service-port',
  type: 'service-port',
  description: 'Outputs a hostname and port for connecting to another workload.',
  outputs: `{{ if not .Params.workload }}{{ fail "expected 'workload' param for the target workload name" }}{{ end }}
{{ if not .Params.port }}{{ fail "expected 'port' param for the name of the target workload service port" }}{{ end }}
{{ $w := index .WorkloadServices .Params.workload }}
{{ if or (not $w) (not $w.ServiceName) }}{{ fail "unknown workload" }}{{ end }}
{{ $p := (index $w.Ports .Params.port) }}
{{ if not $p }}{{ fail "unknown service port" }}{{ end }}
hostname: {{ $w.ServiceName | quote }}
port: {{ $p.TargetPort }}
`,
  expected_outputs: ['hostname', 'port'],
  supported_params: ['workload', 'port'],
};

/** An emptyDir: replace it with a real volume (a claim, a host path) for anything that must last. */
export const volume: DefaultProvisioner = {
  uri: 'template://default-provisioners/volume',
  type: 'volume',
  description: 'Creates a persistent volume that can be mounted on a workload.',
  outputs: `source:
  emptyDir: {}
`,
  expected_outputs: ['source'],
};

/** A random *.localhost name: whether external-dns runs is not known here. */
export const dns: DefaultProvisioner = {
  uri: 'template://default-provisioners/dns',
  type: 'dns',
  description: 'Outputs a *.localhost domain as the hostname.',
  init: `randomHostname: dns{{ randAlphaNum 6 | lower }}.localhost
`,
  state: `instanceHostname: {{ dig "instanceHostname" .Init.randomHostname .State | quote }}
`,
  outputs: `host: {{ .State.instanceHostname }}
`,
  expected_outputs: ['host'],
};

/** A Gateway API HTTPRoute on the gateway named `default`, to the workload's Service. */
export const route: DefaultProvisioner = {
  uri: 'template://default-provisioners/route',
  type: 'route',
  description: 'Provisions an HTTPRoute on a shared Nginx instance.',
  init: `{{ if not (regexMatch "^/|(/([^/]+))+$" .Params.path) }}{{ fail "params.path start with a / but cannot end with /" }}{{ end }}
{{ if not (regexMatch "^[a-z0-9_.-]{1,253}$" .Params.host) }}{{ fail (cat "params.host must be a valid hostname but was" .Params.host) }}{{ end }}
{{ $ports := (index .WorkloadServices .SourceWorkload).Ports }}
{{ if not $ports }}{{ fail "no service ports exist" }}{{ end }}
{{ $port := index $ports (print .Params.port) }}
{{ if not $port.TargetPort }}{{ fail "params.port is not a named service port" }}{{ end }}
`,
  state: `routeName: route-{{ .SourceWorkload }}-{{ substr 0 8 .Guid | lower }}
`,
  manifests: `- apiVersion: gateway.networking.k8s.io/v1
  kind: HTTPRoute
${nest(metadata('{{ .State.routeName }}'), 2)}
  spec:
    parentRefs:
    - name: default
    hostnames:
    - {{ .Params.host | quote }}
    rules:
    - matches:
      - path:
          type: PathPrefix
          value: {{ .Params.path | quote }}
      backendRefs:
      - name: {{ (index .WorkloadServices .SourceWorkload).ServiceName }}
        port: {{ .Params.port }}
`,
  supported_params: ['host', 'port', 'path'],
};
