import type { Provisioner } from './types';
import { emptyResult } from './types';

/**
 * The `environment` resource: `${resources.env.NAME}` reads the environment variable NAME. In compose
 * variables it stays `${NAME}` for compose to fill in when the project starts; in files and params
 * (which are written now) it must come from the export's environment, or the export fails.
 */
export const environmentProvisioner: Provisioner = {
  uri: 'local-env://default-provisioners/environment',
  type: 'environment',
  description: 'Pulls values out of the local environment as outputs to an environment resource',
  params: [],
  outputs: [
    {
      name: '<NAME>',
      description: 'Any environment variable, by its name: ${NAME} in the compose file, its value in files and params.',
    },
  ],
  provision(input) {
    if (Object.keys(input.params).length > 0) return { error: 'no params expected' };
    return {
      result: {
        ...emptyResult(),
        lookup: (keys) =>
          keys.length !== 1
            ? { error: 'environment resource only supports a single lookup key' }
            : { deferredEnv: { variable: keys[0]!, required: false } },
      },
    };
  },
};
