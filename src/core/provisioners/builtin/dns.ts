import type { Provisioner } from '../types';
import { digText, result, unquoted } from './common';
import { randomText } from '../random';

/** A random `dns<xxxxxx>.localhost` host name: compose cannot control real DNS. */
export const dnsProvisioner: Provisioner = {
  uri: 'template://default-provisioners/dns',
  type: 'dns',
  description: 'Outputs a *.localhost domain as the hostname.',
  params: [],
  outputs: [{ name: 'host', description: 'A host name under .localhost, which resolves to this machine.' }],
  provision(input, context) {
    const random = randomText(context.random);
    const randomHostname = `dns${random.alphaNum(6).toLowerCase()}.localhost`;
    const hostname = digText(input.state, ['instanceHostname'], randomHostname);
    return {
      result: result({ state: { instanceHostname: hostname }, outputs: { host: unquoted(hostname) } }),
    };
  },
};
