// A blank workload: one container to name and fill in, nothing else.
export const blankWorkload = `apiVersion: score.dev/v1b1
metadata:
  name: my-workload
containers:
  main:
    image: nginx:latest
`;
