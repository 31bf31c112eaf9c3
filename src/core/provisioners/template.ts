export { loadProvisionerFile, loadProvisionerFiles } from './template-file';
export { createTemplateProvisioner, type TemplateProvisionerSpec } from './template-provisioner';
