// The smallest useful workload: one container, no resources. The starting point of a new document.
export const helloWorld = `# A minimal Score workload: one container that prints a greeting.
apiVersion: score.dev/v1b1
metadata:
  name: hello-world
containers:
  hello:
    image: busybox
    command: ["/bin/sh"]
    args: ["-c", "while true; do echo Hello World!; sleep 5; done"]
`;
