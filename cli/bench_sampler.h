// `skat bench sampler`: the learned inference's world sampler on the card-play positions of fixed
// seeded deals (simple players bid and play; the shipped model tables/inference.bin predicts):
// the exact dynamic program's cost per decision (building it) and per world, and how far the
// marginals of sampling-importance-resampling with 16 and with 10,000 uniform candidates lie from
// the exact ones.
#pragma once

#include <string>

#include "cli/bench_support.h"

namespace skat::cli {

BenchReport run_sampler_bench(bool quick, const std::string& model_path);

}  // namespace skat::cli
