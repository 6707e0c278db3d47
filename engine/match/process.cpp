#include "engine/match/process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace timur::match {

namespace {

using Clock = std::chrono::steady_clock;

int msSince(Clock::time_point t) {
    return int(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count());
}

}  // namespace

void EngineProcess::start(const std::string& command, const std::string& workdir,
                          const std::string& stderrFile) {
    kill();
    // Close-on-exec everywhere: with several games running at once, another engine must not
    // inherit our pipe ends (end of file would never be seen).
    int toChild[2], fromChild[2];
    if (pipe2(toChild, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe: " + std::string(strerror(errno)));
    if (pipe2(fromChild, O_CLOEXEC) != 0) {
        close(toChild[0]);
        close(toChild[1]);
        throw std::runtime_error("pipe: " + std::string(strerror(errno)));
    }
    int errFd = open(stderrFile.empty() ? "/dev/null" : stderrFile.c_str(),
                     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    pid_t pid = fork();
    if (pid < 0) {
        for (int fd : {toChild[0], toChild[1], fromChild[0], fromChild[1], errFd})
            if (fd >= 0) close(fd);
        throw std::runtime_error("fork: " + std::string(strerror(errno)));
    }
    if (pid == 0) {
        // Only async-signal-safe calls between fork and exec.
        setpgid(0, 0);
        dup2(toChild[0], 0);
        dup2(fromChild[1], 1);
        if (errFd >= 0) dup2(errFd, 2);
        signal(SIGPIPE, SIG_DFL);
        if (!workdir.empty() && chdir(workdir.c_str()) != 0) _exit(127);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    setpgid(pid, pid);  // also here, so that kill() works even before the child ran
    close(toChild[0]);
    close(fromChild[1]);
    if (errFd >= 0) close(errFd);
    pid_ = pid;
    in_ = toChild[1];
    out_ = fromChild[0];
    buffer_.clear();
    eof_ = false;
}

bool EngineProcess::writeLine(const std::string& line) {
    if (in_ < 0) return false;
    if (trace) trace('>', line);
    std::string data = line + '\n';
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = write(in_, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // EPIPE: the engine is gone (SIGPIPE is ignored by the runner)
        }
        done += size_t(n);
    }
    return true;
}

EngineProcess::ReadStatus EngineProcess::readLine(std::string& line, int timeoutMs) {
    Clock::time_point start = Clock::now();
    for (;;) {
        if (size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
            if (trace) trace('<', line);
            return ReadStatus::Line;
        }
        if (eof_ || out_ < 0) {
            if (!buffer_.empty()) {  // a last line without its newline
                line = buffer_;
                buffer_.clear();
                if (trace) trace('<', line);
                return ReadStatus::Line;
            }
            return ReadStatus::Eof;
        }
        int wait = -1;
        if (timeoutMs >= 0) wait = std::max(0, timeoutMs - msSince(start));
        pollfd p{out_, POLLIN, 0};
        int r = poll(&p, 1, wait);
        if (r < 0) {
            if (errno == EINTR) continue;
            eof_ = true;
            continue;
        }
        if (r == 0) return ReadStatus::Timeout;
        char chunk[4096];
        ssize_t n = read(out_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            eof_ = true;
            continue;
        }
        buffer_.append(chunk, size_t(n));
    }
}

bool EngineProcess::reap(int waitMs) {
    if (pid_ < 0) return true;
    Clock::time_point start = Clock::now();
    for (;;) {
        int status = 0;
        pid_t r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_ || (r < 0 && errno == ECHILD)) {
            pid_ = -1;
            return true;
        }
        if (msSince(start) >= waitMs) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

bool EngineProcess::running() {
    if (pid_ < 0) return false;
    return !reap(0);
}

void EngineProcess::stop(int graceMs) {
    if (in_ >= 0) {
        close(in_);
        in_ = -1;
    }
    if (pid_ >= 0 && !reap(graceMs)) kill();
    kill();
}

void EngineProcess::kill() {
    if (in_ >= 0) close(in_), in_ = -1;
    if (pid_ >= 0) {
        ::kill(-pid_, SIGKILL);
        ::kill(pid_, SIGKILL);
        reap(5000);
        pid_ = -1;
    }
    if (out_ >= 0) close(out_), out_ = -1;
    buffer_.clear();
    eof_ = false;
}

}  // namespace timur::match
