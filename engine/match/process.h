// A chess engine running as a child process, talked to line by line over pipes.
//
// POSIX fork/exec with pipes and poll(), not Boost.Process: Boost.Process 1.74 needs the compiled
// Boost.Filesystem library (not otherwise a dependency), and what a referee needs -- a line read
// with a deadline, telling end of file from silence, and killing a hung engine together with
// whatever its shell started -- is a few lines of poll() and kill() on a process group.
#pragma once

#include <sys/types.h>
#include <functional>
#include <string>

namespace timur::match {

class EngineProcess {
  public:
    EngineProcess() = default;
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;
    ~EngineProcess() { kill(); }

    // Runs `command` with /bin/sh -c in `workdir` (empty: the current directory), in a process
    // group of its own. The engine's stderr goes to `stderrFile` (appended), else /dev/null.
    // Throws std::runtime_error if the process cannot be started.
    void start(const std::string& command, const std::string& workdir = "",
               const std::string& stderrFile = "");

    // Writes one line (a newline is added); false if the engine's stdin is closed.
    bool writeLine(const std::string& line);

    enum class ReadStatus { Line, Timeout, Eof };
    // Reads one line (without its end-of-line characters), waiting at most timeoutMs
    // (negative: forever).
    ReadStatus readLine(std::string& line, int timeoutMs);

    // Whether the process was started and has not exited (reaps it if it has).
    bool running();

    // Closes stdin and waits up to graceMs for the process to exit, then kills its process group.
    void stop(int graceMs);
    // Kills the process group at once and reaps the process.
    void kill();

    // Called with every line sent ('>') and received ('<'), for debugging.
    std::function<void(char, const std::string&)> trace;

  private:
    bool reap(int waitMs);

    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;  // the engine's stdin (we write), its stdout (we read)
    std::string buffer_;
    bool eof_ = false;
};

}  // namespace timur::match
