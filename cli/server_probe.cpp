#include "cli/server_probe.h"

#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <fstream>
#include <sstream>

namespace skat::cli {

std::string proc_status(int pid, const std::string& key) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(key + ":")) {
      const auto start = line.find_first_not_of(" \t", key.size() + 1);
      return start == std::string::npos ? std::string() : line.substr(start);
    }
  return {};
}

long proc_status_kib(int pid, const std::string& key) {
  const std::string text = proc_status(pid, key);
  if (text.empty()) return -1;
  try {
    return std::stol(text);
  } catch (const std::exception&) {
    return -1;
  }
}

double proc_cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  const auto close = stat.rfind(')');  // the command name may hold spaces
  if (close == std::string::npos) return -1;
  std::istringstream fields(stat.substr(close + 2));
  std::string skip;
  for (int i = 3; i < 14; ++i) fields >> skip;
  double utime = 0, stime = 0;
  if (!(fields >> utime >> stime)) return -1;
  return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// GET /api/metrics with a blocking Beast client (only at the start, when warm and at the end).
nlohmann::json fetch_metrics(const botclient::Endpoint& e) {
  namespace asio = boost::asio;
  namespace beast = boost::beast;
  namespace http = beast::http;
  asio::io_context io;
  asio::ip::tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  stream.connect(resolver.resolve(e.host, e.port));
  http::request<http::empty_body> request(http::verb::get, "/api/metrics", 11);
  request.set(http::field::host, e.host);
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  beast::error_code ignored;
  stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  if (response.result() != http::status::ok) throw std::runtime_error("GET /api/metrics: " + response.body());
  return nlohmann::json::parse(response.body());
}

}  // namespace skat::cli
