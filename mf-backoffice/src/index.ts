// The remote's entry: everything it offers is exposed through Module Federation (webpack.config.mjs).
export {};
