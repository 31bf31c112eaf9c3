import { parse } from 'yaml';
import type { ProvisionInput, Provisioner } from '../types';
import { dig, digText, keyed, print, result, templateFail } from './common';
import { randomText } from '../random';

const SHARED_KEY = 'default-provisioners-routing-instance';
const PATH_TYPE = 'compose.score.dev/route-provisioner-path-type';
const SERVER_SNIPPET = 'compose.score.dev/route-provisioner-server-snippet';
const LOCATION_SNIPPET = 'compose.score.dev/route-provisioner-location-snippet';

interface Route {
  path: string;
  target: string;
  port: number;
  path_type: string;
}

/**
 * HTTP routes on one nginx shared by all route resources, published on host port 8080. Every route
 * adds `host → path → workload:targetPort` to the shared state, and nginx.conf is rewritten from
 * all of them each time.
 */
export const routeProvisioner: Provisioner = {
  uri: 'template://default-provisioners/route',
  type: 'route',
  description: 'Provisions a ingress route on a shared Nginx instance.',
  params: [
    { name: 'host', description: 'The host name to route, such as a dns resource host.', required: true },
    { name: 'path', description: 'The path prefix, starting with / (for example / or /api).', required: true },
    { name: 'port', description: "The workload's service port (name or number) to send requests to.", required: true },
  ],
  outputs: [],
  provision(input, context) {
    const random = randomText(context.random);
    const randomServiceName = `routing-${random.alphaNum(6)}`;
    const path = print(input.params.path);
    const host = print(input.params.host);
    if (!/^\/|(\/([^/]+))+$/.test(path)) {
      return { error: templateFail('init', 3, 59, 'params.path start with a / but cannot end with /') };
    }
    if (!/^[a-z0-9_.-]{1,253}$/.test(host)) {
      const call = 'fail (cat "params.host must be a valid hostname but was" .Params.host)';
      return { error: templateFail('init', 4, 64, `params.host must be a valid hostname but was ${host}`, call) };
    }
    const workload = input.workloadServices[input.sourceWorkload];
    const ports = workload?.Ports ?? {};
    if (Object.keys(ports).length === 0) return { error: templateFail('init', 6, 22, 'no service ports exist') };
    const port = ports[print(input.params.port)];
    if (!port || !port.TargetPort)
      return { error: templateFail('init', 8, 32, 'params.port is not a named service port') };

    const instancePort = dig(input.shared, [SHARED_KEY, 'instancePort'], 8080);
    const instance = digText(input.shared, [SHARED_KEY, 'instanceServiceName'], randomServiceName);
    const annotations = dig(input.metadata, ['annotations'], {});
    const pathType = print(dig(annotations, [PATH_TYPE], 'Prefix'));
    const route: Route = {
      path,
      target: `${workload!.ServiceName}:${port.TargetPort}`,
      port: port.TargetPort,
      path_type: pathType,
    };
    // sprig merge keeps what is already there: a route stays as it was first written.
    const hosts = cloneJson(dig(input.shared, [SHARED_KEY, 'hosts'], {})) as Record<string, Record<string, Route>>;
    const routes = (hosts[host] ??= {});
    routes[input.uid] ??= route;

    const published = instancePort;
    return {
      result: result({
        shared: { [SHARED_KEY]: { instancePort, instanceServiceName: instance, hosts } },
        files: keyed([`${instance}/nginx.conf`, nginxConf(instance, hosts, input)]),
        services: keyed([
          instance,
          {
            image: 'mirror.gcr.io/nginx:1-alpine',
            restart: 'always',
            ports: [{ published, target: 80 }],
            volumes: [
              {
                type: 'bind',
                source: `${input.mountsDirectory}/${instance}/nginx.conf`,
                target: '/etc/nginx/nginx.conf',
              },
            ],
          },
        ]),
        info: [
          `${input.uid}: To connect to this route, http://${host}:${print(published)}${path} (make sure ${host} resolves to localhost)`,
        ],
      }),
    };
  },
};

function cloneJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? {})) as unknown;
}

/** sprig indent: every line prefixed, the first one included. */
function indent(spaces: number, text: string): string {
  const pad = ' '.repeat(spaces);
  return pad + text.split('\n').join('\n' + pad);
}

/**
 * nginx.conf with one server per host and one or two locations per route. It is laid out as the
 * score-compose template renders it (a YAML document whose value is a literal block) and read back
 * the same way, so that blank lines and indentation come out as in score-compose's file.
 */
function nginxConf(instance: string, hosts: Record<string, Record<string, Route>>, input: ProvisionInput): string {
  const annotations = dig(input.metadata, ['annotations'], {});
  const serverSnippet = print(dig(annotations, [SERVER_SNIPPET], ''));
  const locationSnippet = print(dig(annotations, [LOCATION_SNIPPET], ''));
  let out =
    `${instance}/nginx.conf: |\n` +
    '  worker_processes 1;\n' +
    '  worker_rlimit_nofile 8192;\n' +
    '  events {\n' +
    '    worker_connections 4096;\n' +
    '  }\n' +
    '  http {\n' +
    '    resolver 127.0.0.11;\n' +
    '\n' +
    '    ';
  // Go templates range over map keys in sorted order.
  for (const host of Object.keys(hosts).sort()) {
    out +=
      '\n' +
      '    server {\n' +
      '      listen 80;\n' +
      '      listen [::]:80;\n' +
      `      server_name ${host};\n` +
      '\n' +
      '      proxy_set_header X-Real-IP              $remote_addr;\n' +
      '      proxy_set_header X-Forwarded-For        $remote_addr;\n' +
      '      proxy_set_header X-Original-Forwarded-For $http_x_forwarded_for;\n' +
      '      proxy_set_header Proxy                  "";\n' +
      '      proxy_connect_timeout                   5s;\n' +
      '      proxy_send_timeout                      60s;\n' +
      '      proxy_read_timeout                      60s;\n' +
      '      proxy_buffers                           16 4k;\n' +
      '      proxy_buffer_size                       2k;\n' +
      '      client_max_body_size                    10m;\n' +
      `  ${indent(4, serverSnippet)}\n` +
      '\n' +
      '      location = /favicon.ico {\n' +
      '        return 204;\n' +
      '        access_log     off;\n' +
      '        log_not_found  off;\n' +
      '      }\n' +
      '\n' +
      '      ';
    const routes = hosts[host]!;
    for (const uid of Object.keys(routes).sort()) {
      const route = routes[uid]!;
      const location = (pattern: string): string =>
        `      location ~ ^${pattern} {\n` +
        `        set $backend ${print(route.target)};\n` +
        '        proxy_pass http://$backend;\n' +
        `  ${indent(6, locationSnippet)}\n` +
        '      }\n';
      out +=
        '\n' +
        '      # the basic path variant, "/" or "/one/two"\n' +
        location(`${print(route.path)}$`) +
        '\n' +
        "      # The prefix match variants are included by default but can be excluded via 'compose.score.dev/route-provisioner-path-type' annotation\n" +
        '      ' +
        (route.path_type === 'Prefix' ? '\n' + location(`${print(route.path).replace(/\/$/, '')}/.*`) + '      ' : '') +
        '\n' +
        '      ';
    }
    out += '\n    }\n    ';
  }
  out += '\n  }';
  const decoded = parse(out) as Record<string, unknown>;
  return print(decoded[`${instance}/nginx.conf`]);
}
