// Imported first by the local runtime: Node 20 is this project's pinned runtime, so the
// SDKs' notices about it (and cognito-local's aws-sdk v2 notice) are noise on every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
export {};
