export declare function interfaceLanguages(constantsFile: string): string[];
