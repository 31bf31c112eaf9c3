import configText from '../../../examples/platform/orchestrator-config.yaml?raw';
import policyText from '../../../examples/policies/platform-basics.yaml?raw';

/**
 * The example platform for the catalog demo, loaded with one click: a configuration (two profiles,
 * postgres and redis provisioners) and the policy set (allowed resource types, an owner annotation,
 * limits, no `latest` tags). Bundled with the app (this module is downloaded when asked for), so that
 * it loads offline.
 */
export const EXAMPLE_PLATFORM: ReadonlyArray<{ name: string; text: string }> = [
  { name: 'orchestrator-config.yaml', text: configText },
  { name: 'platform-basics.yaml', text: policyText },
];
