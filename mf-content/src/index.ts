// A remote: its modules are reached through the Module Federation container, not this entry.
export {};
