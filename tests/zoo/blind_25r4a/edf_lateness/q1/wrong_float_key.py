# wrong: key float32-like rounding via struct (loses 2^-30)
import struct
def edf_order(jobs):
    return sorted(jobs, key=lambda j: struct.unpack("f", struct.pack("f", j.deadline))[0])
