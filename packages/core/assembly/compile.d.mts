export declare const wasmDir: string;
export declare const KERNELS: Record<string, number>;
export declare function staleKernels(): string[];
export declare function compileKernels(options?: { force?: boolean; quiet?: boolean }): Promise<string[]>;
