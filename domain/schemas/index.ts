export * from './texts.ts';
export * from './fields.ts';
export * from './signup.ts';
export * from './signin.ts';
export * from './phone.ts';
export * from './profile.ts';
