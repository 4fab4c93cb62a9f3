// Empty: the hints are inline functions in include/MemoryHints.h.
