// IEEE 754 half precision (binary16) to single precision: the model files store their weights as
// half floats (docs/inference.md). Written out (no library in Debian's C++ toolchain converts
// binary16 before C++23's std::float16_t, which GCC 12 does not have); tested against values that
// numpy's float16 gives for the same bits.
#pragma once

#include <bit>
#include <cstdint>

namespace skat::bots::inference {

inline float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1Fu;
  std::uint32_t mantissa = h & 0x3FFu;
  std::uint32_t bits = 0;
  if (exponent == 0x1F) {
    bits = sign | 0x7F800000u | (mantissa << 13);  // infinity or NaN
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);  // 127 - 15 = 112
  } else if (mantissa != 0) {
    // subnormal: shift until the leading one reaches the hidden bit
    int e = 113;
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      --e;
    }
    bits = sign | (static_cast<std::uint32_t>(e) << 23) | ((mantissa & 0x3FFu) << 13);
  } else {
    bits = sign;  // zero
  }
  return std::bit_cast<float>(bits);
}

}  // namespace skat::bots::inference
