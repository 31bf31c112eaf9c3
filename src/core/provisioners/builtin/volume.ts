import type { Provisioner } from '../types';
import { digText, keyed, result, RES_UID_LABEL, unquoted } from './common';
import { randomText } from '../random';

/** A named Docker volume, `<id with . as ->-<random>`, that workloads mount with ${resources.NAME}. */
export const volumeProvisioner: Provisioner = {
  uri: 'template://default-provisioners/volume',
  type: 'volume',
  description: 'Creates a persistent volume that can be mounted on a workload.',
  params: [],
  outputs: [
    { name: 'type', description: 'Always "volume": a named Docker volume.' },
    { name: 'source', description: 'The Docker volume name.' },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomName = `${input.id.split('.').join('-')}-${random.alphaNum(6)}`;
    const name = digText(input.state, ['name'], randomName);
    return {
      result: result({
        state: { name: unquoted(name) },
        outputs: { type: 'volume', source: unquoted(name) },
        volumes: keyed([name, { name, driver: 'local', labels: { [RES_UID_LABEL]: input.uid } }]),
      }),
    };
  },
};
