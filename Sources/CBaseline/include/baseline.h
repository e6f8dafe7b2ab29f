int bl_dummy(void);
